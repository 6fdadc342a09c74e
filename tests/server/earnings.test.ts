import { and, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CountrySales, Earnings, HopData } from '@schemas/earnings'

import type { Db } from '../../server/db/client'
import {
  figuresDaily,
  figuresMonthlyCountry,
  hops,
  networkAccounts,
  transactions,
} from '../../server/db/schema'
import { deleteAccount, insertTransactions, renameAccount } from '../../server/repos/accounts'
import {
  centsToMoney,
  earningsOf,
  hopDataOf,
  moneyToCents,
  salesByCountry,
  type Period,
} from '../../server/repos/earnings'
import { escapeLike } from '../../server/repos/like'
import { periodOf } from '../../server/routes/earnings'
import { bearer, createTestApp, type TestApp } from './helpers'

describe('earnings figures', () => {
  let t: TestApp
  let token: string
  let otherToken: string
  let adminToken: string
  let cbRef: string
  let dsRef: string
  beforeAll(async () => {
    t = await createTestApp()
    const maya = await t.createMember()
    const milo = await t.createMember()
    const admin = await t.createMember({ role: 'admin' })
    token = await t.login(maya.email, maya.password)
    otherToken = await t.login(milo.email, milo.password)
    adminToken = await t.login(admin.email, admin.password)
    const [cb] = await t.database.db
      .insert(networkAccounts)
      .values({ memberId: maya.id, network: 'clickbank', accountId: 'mayacb' })
      .returning()
    cbRef = cb!.id
    const [ds] = await t.database.db
      .insert(networkAccounts)
      .values({ memberId: maya.id, network: 'digistore24', accountId: 'maya_ds24' })
      .returning()
    dsRef = ds!.id
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

  const kinds = ['sale', 'sale', 'sale', 'refund', 'chargeback'] as const
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

  /** Summary rows as the triggers should have them: grouped straight from the transactions. */
  async function expectSummariesMatch(db: Db) {
    const tx = transactions
    const direct = (keys: (SQL | AnyPgColumn)[]) =>
      db
        .select({
          keys: sql<string>`concat_ws('|', ${sql.join(keys, sql`, `)})`,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${tx.amount})::text`,
        })
        .from(tx)
        .groupBy(...keys)
        .orderBy(sql`1`)
    const kept = (table: typeof figuresDaily | typeof figuresMonthlyCountry, keys: SQL[]) =>
      db
        .select({
          keys: sql<string>`concat_ws('|', ${sql.join(keys, sql`, `)})`,
          count: table.count,
          amount: sql<string>`${table.amount}::text`,
        })
        .from(table)
        .orderBy(sql`1`)
    const d = figuresDaily
    expect(
      await kept(d, [
        sql`${d.accountRef}`,
        sql`${d.day}::text`,
        sql`${d.kind}`,
        sql`${d.currency}`,
        sql`${d.product}`,
      ]),
    ).toEqual(
      await direct([
        tx.accountRef,
        sql`(${tx.occurredAt} at time zone 'UTC')::date::text`,
        tx.kind,
        tx.currency,
        tx.product,
      ]),
    )
    const m = figuresMonthlyCountry
    expect(
      await kept(m, [
        sql`${m.accountRef}`,
        sql`${m.month}::text`,
        sql`${m.kind}`,
        sql`${m.currency}`,
        sql`${m.product}`,
        sql`${m.country}`,
      ]),
    ).toEqual(
      await direct([
        tx.accountRef,
        sql`date_trunc('month', ${tx.occurredAt} at time zone 'UTC')::date::text`,
        tx.kind,
        tx.currency,
        tx.product,
        tx.country,
      ]),
    )
  }

  const boundaryTx = fc.record({
    kind: fc.constantFrom(...kinds),
    // Around month and year ends, and near midnight UTC.
    day: fc.constantFrom(
      Date.UTC(2025, 10, 30),
      Date.UTC(2025, 11, 1),
      Date.UTC(2025, 11, 31),
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 31),
      Date.UTC(2026, 1, 1),
    ),
    minute: fc.constantFrom(0, 1, 30, 23 * 60 + 59, 24 * 60 - 1),
    cents: fc.integer({ min: 1, max: 500_00 }),
    currency: fc.constantFrom('USD', 'EUR'),
    country: fc.constantFrom('US', 'DE', 'ZZ'),
    product: fc.constantFrom('Keto Blueprint', 'Tube Mastery', '100% Keto', 'keto_max'),
    onDs: fc.boolean(),
  })
  const step = fc.oneof(
    fc.record({ op: fc.constant('insert' as const), txs: fc.array(boundaryTx, { maxLength: 25 }) }),
    fc.record({ op: fc.constant('delete' as const), pick: fc.array(fc.boolean()) }),
    fc.record({ op: fc.constant('reinsert' as const) }),
    fc.record({
      op: fc.constant('update' as const),
      pick: fc.array(fc.boolean()),
      cents: fc.integer({ min: 1, max: 999 }),
    }),
    fc.record({ op: fc.constant('rename' as const) }),
  )
  const periods: Period[] = [
    { from: '2025-11-01', to: '2025-11-30' },
    { from: '2025-12-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-01-31' },
    { from: '2026-02-01', to: '2026-02-28' },
    { from: '2025-01-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-12-31' },
  ]

  it('keeps the summaries equal to the transactions through imports, deletions, updates and renames', async () => {
    const db = t.database.db
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        run++
        await db.delete(transactions)
        // From empty summaries, whatever an earlier run left.
        await db.delete(figuresDaily)
        await db.delete(figuresMonthlyCountry)
        // Renaming the account removes its hops too.
        await db.delete(hops)
        await db.insert(hops).values([
          { accountRef: cbRef, day: '2025-12-31', product: 'Keto Blueprint', hops: 70 },
          { accountRef: cbRef, day: '2026-01-01', product: 'Tube Mastery', hops: 30 },
        ])
        let serial = 0
        let deleted: (typeof transactions.$inferSelect)[] = []
        for (const s of steps) {
          if (s.op === 'insert') {
            for (const onDs of [false, true]) {
              const rows = s.txs
                .filter((tx) => tx.onDs === onDs)
                .map((tx) => ({
                  externalId: `r${run}-${serial++}`,
                  kind: tx.kind,
                  occurredAt: new Date(tx.day + tx.minute * 60_000),
                  product: tx.product,
                  country: tx.country,
                  amount: centsToMoney(tx.cents),
                  currency: tx.currency,
                }))
              // Each batch once more: the second time adds nothing.
              await insertTransactions(db, onDs ? dsRef : cbRef, [...rows, ...rows.slice(0, 3)])
            }
          } else if (s.op === 'delete') {
            const all = await db.select().from(transactions).orderBy(transactions.externalId)
            const gone = all.filter((_, i) => s.pick[i % Math.max(1, s.pick.length)])
            if (gone.length) {
              const ids = gone.map((row) => row.id)
              await db.delete(transactions).where(inArray(transactions.id, ids))
            }
            deleted = gone
          } else if (s.op === 'reinsert') {
            if (deleted.length) await db.insert(transactions).values(deleted)
            deleted = []
          } else if (s.op === 'update') {
            // Not something the app does, but the summaries follow it.
            const all = await db.select().from(transactions).orderBy(transactions.externalId)
            const changed = all.filter((_, i) => s.pick[i % Math.max(1, s.pick.length)])
            if (changed.length) {
              await db
                .update(transactions)
                .set({
                  kind: sql`case when ${transactions.kind} = 'sale' then 'refund' else 'sale' end`,
                  amount: sql`${transactions.amount} + ${centsToMoney(s.cents)}::numeric`,
                  occurredAt: sql`${transactions.occurredAt} + interval '1 hour'`,
                  product: sql`${transactions.product} || ' II'`,
                })
                .where(
                  inArray(
                    transactions.id,
                    changed.map((row) => row.id),
                  ),
                )
            }
          } else {
            await renameAccount(db, cbRef, 'mayacb')
          }
          await expectSummariesMatch(db)
        }
        for (const period of periods) {
          for (const search of [undefined, 'keto', '%', 'O_M']) {
            for (const ref of [cbRef, dsRef]) {
              expect(await earningsOf(db, ref, period, search)).toEqual(
                await direct.earnings(db, ref, period, search),
              )
              expect(await salesByCountry(db, ref, period, search)).toEqual(
                await direct.salesByCountry(db, ref, period, search),
              )
            }
            expect(await hopDataOf(db, cbRef, period, search)).toEqual(
              await direct.hopData(db, cbRef, period, search),
            )
          }
        }
      }),
      { numRuns: 15 },
    )
    await db.delete(hops)
  })

  it('drops an account’s summaries with the account, and all of them when transactions are truncated', async () => {
    const db = t.database.db
    const member = await t.createMember()
    const [gone] = await db
      .insert(networkAccounts)
      .values({ memberId: member.id, network: 'clickbank', accountId: 'leaving' })
      .returning()
    const row = (i: number) => ({
      externalId: `x${i}`,
      kind: 'sale' as const,
      occurredAt: new Date(Date.UTC(2026, 5, 1 + i)),
      product: 'Tube Mastery',
      country: 'US',
      amount: '10.00',
      currency: 'USD',
    })
    await insertTransactions(db, gone!.id, [row(1), row(2)])
    await insertTransactions(db, cbRef, [row(3)])
    const rowsOf = async (ref: string) =>
      (await db.select().from(figuresDaily).where(eq(figuresDaily.accountRef, ref))).length +
      (
        await db
          .select()
          .from(figuresMonthlyCountry)
          .where(eq(figuresMonthlyCountry.accountRef, ref))
      ).length
    expect(await rowsOf(gone!.id)).toBe(3)
    await deleteAccount(db, gone!.id)
    expect(await rowsOf(gone!.id)).toBe(0)
    await expectSummariesMatch(db)
    await db.execute(sql`truncate ${transactions}`)
    expect(await rowsOf(cbRef)).toBe(0)
  })
})

describe('demo earnings', () => {
  it('gives member@example.com a year of figures on both networks', async () => {
    const t = await createTestApp()
    try {
      const { seedDemo } = await import('../../server/services/seed')
      await seedDemo(t.database.db)
      const token = await t.login('member@example.com', 'Member#2026')
      const year = new Date().getUTCFullYear()
      const cb = (
        await t.app.inject({
          method: 'GET',
          url: `/api/profitearning?affiliateid=mayacb&year=${year}`,
          headers: bearer(token),
        })
      ).json().data
      expect(cb.totals[0].salesCount).toBeGreaterThan(100)
      expect(moneyToCents(cb.totals[0].refunds)).toBeGreaterThan(0)
      const ds = (
        await t.app.inject({
          method: 'GET',
          url: `/api/dgearning?affiliateid=maya_ds24&year=${year}`,
          headers: bearer(token),
        })
      ).json().data
      expect(ds.totals.map((r: { currency: string }) => r.currency)).toEqual(['EUR', 'USD'])
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

/**
 * The figures aggregated straight from `transactions`, as they were read before the summary
 * tables: the oracle the summary-based queries must agree with.
 */
const direct = (() => {
  const utcDay = sql`date_bin('1 day', ${transactions.occurredAt}, timestamptz '2000-01-01 00:00:00+00')`
  const isoDay = sql`to_char(day at time zone 'UTC', 'YYYY-MM-DD')`
  const money = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::numeric(14,2)::text`
  const net = sql`sum(case when kind = 'sale' then amount else -amount end)`
  const countOf = (kind: string) => sql`coalesce(sum(n) filter (where kind = ${kind}), 0)::int`
  const sumOf = (kind: string) => money(sql`sum(amount) filter (where kind = ${kind})`)
  const after = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() + 1)
    return d.toISOString()
  }
  const rowsOf = async <T>(query: PromiseLike<unknown>) => ((await query) as { rows: T[] }).rows
  const inPeriod = (ref: string, period: Period, search?: string) =>
    and(
      eq(transactions.accountRef, ref),
      gte(transactions.occurredAt, new Date(`${period.from}T00:00:00Z`)),
      lt(transactions.occurredAt, new Date(after(period.to))),
      search ? ilike(transactions.product, `%${escapeLike(search)}%`) : undefined,
    )
  const dailySums = (ref: string, period: Period, search?: string) => sql`
    select ${utcDay} as day, kind, currency, product, count(*) as n, sum(amount) as amount
    from ${transactions} where ${inPeriod(ref, period, search)} group by 1, 2, 3, 4`

  async function earnings(db: Db, ref: string, period: Period, search?: string) {
    const rows = await rowsOf<Record<string, string | number> & { part: number }>(
      db.execute(sql`
        with f as (${dailySums(ref, period, search)})
        select grouping(day, product)::int as part, ${isoDay} as date, product, currency,
               ${countOf('sale')} as "salesCount", ${sumOf('sale')} as gross,
               ${countOf('refund')} as "refundsCount", ${sumOf('refund')} as refunds,
               ${countOf('chargeback')} as "chargebacksCount",
               ${sumOf('chargeback')} as chargebacks, ${money(net)} as net
        from f
        group by grouping sets ((currency), (day, currency), (product, currency))
        order by part, case when grouping(day, product) = 2 then ${net} end desc,
                 product, day, currency`),
    )
    const result: Earnings = { period, totals: [], daily: [], products: [] }
    for (const { part, date, product, currency, salesCount, net, ...total } of rows) {
      if (part === 1) result.daily.push({ date, currency, net } as Earnings['daily'][number])
      else if (part === 2) {
        result.products.push({ product, currency, salesCount, net } as Earnings['products'][number])
      } else {
        result.totals.push({ currency, salesCount, ...total, net } as Earnings['totals'][number])
      }
    }
    return result
  }

  async function salesByCountry(db: Db, ref: string, period: Period, search?: string) {
    const rows = await rowsOf<CountrySales['countries'][number]>(
      db.execute(sql`
        select country as code, currency,
               (count(*) filter (where kind = 'sale'))::int as "salesCount",
               ${money(net)} as amount
        from ${transactions} where ${inPeriod(ref, period, search)}
        group by country, currency
        order by ${net} desc, country, currency`),
    )
    const names = new Intl.DisplayNames(['en'], { type: 'region' })
    return {
      period,
      countries: rows.map((r) => ({
        ...r,
        name: r.code === 'ZZ' ? 'Unknown' : (names.of(r.code) ?? r.code),
      })),
    } satisfies CountrySales
  }

  async function hopData(db: Db, ref: string, period: Period, search?: string) {
    const days = await rowsOf<{ date: string; hops: number; sales: number }>(
      db.execute(sql`
        with s as (
          select to_char(${utcDay} at time zone 'UTC', 'YYYY-MM-DD') as date,
                 (count(*) filter (where kind = 'sale'))::int as sales
          from ${transactions} where ${inPeriod(ref, period, search)} group by 1),
        h as (
          select day::text as date, sum(hops)::int as hops from ${hops}
          where account_ref = ${ref} and day between ${period.from} and ${period.to}
            ${search ? sql`and product ilike ${`%${escapeLike(search)}%`}` : sql``}
          group by 1)
        select date, coalesce(h.hops, 0) as hops, coalesce(s.sales, 0) as sales
        from h full join s using (date)
        where h.date is not null or s.sales > 0
        order by date`),
    )
    const nets = await rowsOf<{ currency: string; net: string }>(
      db.execute(sql`
        select currency, ${money(net)} as net from ${transactions}
        where ${inPeriod(ref, period, search)} group by currency order by currency`),
    )
    const totalHops = days.reduce((n, d) => n + d.hops, 0)
    const totalSales = days.reduce((n, d) => n + d.sales, 0)
    return {
      period,
      hops: totalHops,
      sales: totalSales,
      conversionRate: totalHops ? totalSales / totalHops : 0,
      earningsPerHop: nets.map(({ currency, net }) => ({
        currency,
        epc: totalHops ? centsToMoney(Math.round(moneyToCents(net) / totalHops)) : '0.00',
      })),
      daily: days,
    } satisfies HopData
  }

  return { earnings, salesByCountry, hopData }
})()
