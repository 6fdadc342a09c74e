import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { transactions } from '../../server/db/schema'
import { centsToMoney, moneyToCents } from '../../server/repos/earnings'
import { periodOf } from '../../server/routes/earnings'
import { kinds, openEarningsApp } from './earnings-fixtures'
import { bearer, createTestApp, type TestApp } from './helpers'

describe('earnings figures', () => {
  let t: TestApp
  let token: string
  let otherToken: string
  let adminToken: string
  let cbRef: string
  beforeAll(async () => {
    ;({ t, token, otherToken, adminToken, cbRef } = await openEarningsApp())
  })
  afterAll(() => t.close())

  const get = (path: string, auth?: string) =>
    t.app.inject({ method: 'GET', url: path, headers: auth ? bearer(auth) : {} })

  it('keeps figures to the owner of the affiliate account (admins: any), for every endpoint', async () => {
    const paths = [
      '/api/profitearning?affiliateid=mayacb',
      '/api/salebycountry?affiliateid=mayacb',
      '/api/hopdata?affiliateid=mayacb',
      '/api/dgearning?affiliateid=maya_ds24',
      '/api/dgsalebycountry?affiliateid=maya_ds24',
    ]
    for (const path of paths) {
      expect((await get(path)).statusCode, path).toBe(401)
      expect((await get(path, token)).statusCode, path).toBe(200)
      const other = await get(path, otherToken)
      expect(other.statusCode, path).toBe(404)
      expect(other.json()).toEqual({ message: 'No such affiliate account' })
      expect((await get(path, adminToken)).statusCode, path).toBe(200)
    }
    // the Digistore24 id is not a ClickBank account, and the other way round
    expect((await get('/api/profitearning?affiliateid=maya_ds24', token)).statusCode).toBe(404)
    expect((await get('/api/profitearning', token)).statusCode).toBe(400)
  })

  it('selects a month by number or name, else the whole year', () => {
    const now = Date.UTC(2026, 10, 22)
    expect(periodOf({ affiliateid: 'x' }, now)).toEqual({ from: '2026-01-01', to: '2026-12-31' })
    expect(periodOf({ affiliateid: 'x', year: 2024, month: 2 }, now)).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    })
    expect(periodOf({ affiliateid: 'x', year: 2025, monthName: 'December' }, now)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    })
    expect(() => periodOf({ affiliateid: 'x', month: 3, monthName: 'May' }, now)).toThrow()
  })

  const txArb = fc.record({
    kind: fc.constantFrom(...kinds),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    cents: fc.integer({ min: 1, max: 500_00 }),
    currency: fc.constantFrom('USD', 'EUR'),
    country: fc.constantFrom('US', 'DE', 'GB', 'ZZ'),
    product: fc.constantFrom('Keto Blueprint', 'Tube Mastery', 'Fitness Reset'),
  })

  it('adds up exactly: daily, per product and per country rows sum to the totals; refunds and chargebacks reduce net', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(txArb, { maxLength: 40 }), async (txs) => {
        run++
        await t.database.db.delete(transactions)
        if (txs.length) {
          await t.database.db.insert(transactions).values(
            txs.map((tx, i) => ({
              accountRef: cbRef,
              externalId: `run${run}-${i}`,
              kind: tx.kind,
              occurredAt: new Date(Date.UTC(2026, 2, tx.day, tx.hour)),
              product: tx.product,
              country: tx.country,
              amount: centsToMoney(tx.cents),
              currency: tx.currency,
            })),
          )
        }
        const q = '?affiliateid=mayacb&year=2026&month=3'
        const e = (await get(`/api/profitearning${q}`, token)).json().data
        const c = (await get(`/api/salebycountry${q}`, token)).json().data
        for (const currency of ['USD', 'EUR']) {
          const mine = txs.filter((tx) => tx.currency === currency)
          const sum = (kind: string) =>
            mine.filter((tx) => tx.kind === kind).reduce((n, tx) => n + tx.cents, 0)
          const expectedNet = sum('sale') - sum('refund') - sum('chargeback')
          const total = e.totals.find((r: { currency: string }) => r.currency === currency)
          if (!mine.length) {
            expect(total).toBeUndefined()
            continue
          }
          expect(moneyToCents(total.gross)).toBe(sum('sale'))
          expect(moneyToCents(total.refunds)).toBe(sum('refund'))
          expect(moneyToCents(total.chargebacks)).toBe(sum('chargeback'))
          expect(moneyToCents(total.net)).toBe(expectedNet)
          expect(total.salesCount).toBe(mine.filter((tx) => tx.kind === 'sale').length)
          const of = (rows: { currency: string; net?: string; amount?: string }[]) =>
            rows
              .filter((r) => r.currency === currency)
              .reduce((n, r) => n + moneyToCents(r.net ?? r.amount!), 0)
          expect(of(e.daily)).toBe(expectedNet)
          expect(of(e.products)).toBe(expectedNet)
          expect(of(c.countries)).toBe(expectedNet)
        }
      }),
      { numRuns: 25 },
    )
  })

  it('filters by product and leaves other months out', async () => {
    await t.database.db.delete(transactions)
    const tx = (id: string, month: number, product: string, cents: number) => ({
      accountRef: cbRef,
      externalId: id,
      kind: 'sale' as const,
      occurredAt: new Date(Date.UTC(2026, month - 1, 10)),
      product,
      country: 'US',
      amount: centsToMoney(cents),
      currency: 'USD',
    })
    await t.database.db
      .insert(transactions)
      .values([
        tx('a', 4, 'Keto Blueprint', 1000),
        tx('b', 4, 'Tube Mastery', 5000),
        tx('c', 5, 'Keto Blueprint', 700),
      ])
    const april = (
      await get(
        '/api/profitearning?affiliateid=mayacb&year=2026&monthName=April&search=keto',
        token,
      )
    ).json().data
    expect(april.totals).toEqual([
      expect.objectContaining({ currency: 'USD', salesCount: 1, gross: '10.00', net: '10.00' }),
    ])
    const year = (await get('/api/profitearning?affiliateid=mayacb&year=2026', token)).json().data
    expect(year.totals[0].net).toBe('67.00')
    const country = (await get('/api/salebycountry?affiliateid=mayacb&year=2026', token)).json()
      .data
    expect(country.countries).toEqual([
      { code: 'US', name: 'United States', currency: 'USD', salesCount: 3, amount: '67.00' },
    ])
  })

  it('gives hops, conversion and earnings per hop', async () => {
    const { hops } = await import('../../server/db/schema')
    await t.database.db.insert(hops).values([
      { accountRef: cbRef, day: '2026-04-10', product: 'Keto Blueprint', hops: 60 },
      { accountRef: cbRef, day: '2026-04-11', product: 'Tube Mastery', hops: 40 },
    ])
    const data = (await get('/api/hopdata?affiliateid=mayacb&year=2026&month=4', token)).json().data
    expect(data).toMatchObject({ hops: 100, sales: 2, conversionRate: 0.02 })
    expect(data.earningsPerHop).toEqual([{ currency: 'USD', epc: '0.60' }])
    expect(data.daily).toEqual([
      { date: '2026-04-10', hops: 60, sales: 2 },
      { date: '2026-04-11', hops: 40, sales: 0 },
    ])
  })
})

describe('demo earnings', () => {
  it('gives member@example.com a year of figures on both networks', async () => {
    const t = await createTestApp()
    try {
      const { seedDemo } = await import('../../server/services/seed')
      await seedDemo(t.database.db)
      const token = await t.login('member@example.com', 'Member#2026')
      // The twelve months before today: one calendar year, or two once a year has begun.
      const years = [
        ...new Set(
          [Date.now() - 365 * 86_400_000, Date.now()].map((at) => new Date(at).getUTCFullYear()),
        ),
      ]
      const totals = async (path: string, account: string) =>
        (
          await Promise.all(
            years.map(
              async (year) =>
                (
                  await t.app.inject({
                    method: 'GET',
                    url: `/api/${path}?affiliateid=${account}&year=${year}`,
                    headers: bearer(token),
                  })
                ).json().data.totals as { currency: string; salesCount: number; refunds: string }[],
            ),
          )
        ).flat()
      const cb = (await totals('profitearning', 'mayacb')).filter((r) => r.currency === 'USD')
      expect(cb.reduce((sum, r) => sum + r.salesCount, 0)).toBeGreaterThan(100)
      expect(cb.reduce((sum, r) => sum + moneyToCents(r.refunds), 0)).toBeGreaterThan(0)
      const ds = await totals('dgearning', 'maya_ds24')
      expect([...new Set(ds.map((r) => r.currency))].sort()).toEqual(['EUR', 'USD'])
      const other = await t.login('member2@example.com', 'Member#2026')
      const none = await t.app.inject({
        method: 'GET',
        url: '/api/profitearning?affiliateid=mayacb',
        headers: bearer(other),
      })
      expect(none.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
