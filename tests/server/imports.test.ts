import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startClickBankFake, type ClickBankFake, type ClickBankOrder } from './fakes/clickbank'
import {
  startDigistore24Fake,
  type Digistore24Fake,
  type Digistore24Transaction,
} from './fakes/digistore24'
import { bearer, createTestApp, type TestApp } from './helpers'

const CB_KEY = 'API-CB-IMPORT-TEST-0001'
const DS_KEY = '4711-ds24-import-test-key'
const pad = (n: number) => String(n).padStart(2, '0')

/** Sixty Digistore24 rows in the first halves of October and November 2026, with a refund and a chargeback. */
const dsRows = (): Digistore24Transaction[] =>
  Array.from({ length: 60 }, (_, i) => ({
    id: String(9000 + i),
    created_at: `2026-${i < 30 ? '10' : '11'}-${pad((i % 15) + 1)} 1${i % 10}:05:00`,
    transaction_type: i === 7 ? 'refund' : i === 8 ? 'chargeback' : 'payment',
    purchase_id: `P${9000 + i}`,
    currency: i % 5 === 0 ? 'USD' : 'EUR',
    amount: i === 7 || i === 8 ? '-97.00' : '97.00',
    earned_amount: i === 7 || i === 8 ? '-48.50' : '48.50',
    product_id: i % 2 ? '11' : '12',
    product_name: i % 2 ? 'Affiliate Kickstart' : 'List Builder Pro',
    buyer_country: ['de', 'at', 'ch', 'us'][i % 4]!,
  }))

const cbOrders = (): ClickBankOrder[] =>
  Array.from({ length: 130 }, (_, i) => ({
    transactionTime: `2026-11-${pad((i % 15) + 1)}T0${i % 10}:15:00-08:00`,
    receipt: `CBR${10_000 + i}`,
    transactionType: 'SALE',
    totalOrderAmount: 49,
    totalAccountAmount: 36.75,
    currency: 'USD',
    country: i % 3 ? 'US' : 'CA',
    vendor: 'ketoblue',
    affiliate: 'mayacb',
    lineItemData: [
      { itemNo: '1', productTitle: 'Keto Blueprint', accountAmount: 36.75, customerAmount: 49 },
    ],
  }))

describe('imports from the networks', () => {
  let t: TestApp
  let cb: ClickBankFake
  let ds: Digistore24Fake
  let token: string
  beforeAll(async () => {
    cb = await startClickBankFake({
      apiKey: CB_KEY,
      account: 'mayacb',
      orders: cbOrders(),
      hops: [
        { day: '2026-11-02', vendor: 'ketoblue', hops: 140 },
        { day: '2026-11-03', vendor: 'ketoblue', hops: 160 },
      ],
    })
    ds = await startDigistore24Fake({ apiKey: DS_KEY, transactions: dsRows() })
    t = await createTestApp({
      config: { clickbankApiUrl: cb.url, digistore24ApiUrl: ds.url },
    })
    t.clock.now = Date.UTC(2026, 10, 20, 12)
    const maya = await t.createMember()
    token = await t.login(maya.email, maya.password)
  })
  afterAll(async () => {
    await t.close()
    await Promise.all([cb.close(), ds.close()])
  })

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), payload })
  const account = async (network: string) =>
    (await call('GET', `/api/earnings/accounts/${network}`)).json().data
  const settled = async (network: string) => {
    for (let i = 0; i < 500; i++) {
      const view = await account(network)
      if (!view.sync.running) return view
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('the import did not finish')
  }

  it('imports a Digistore24 account as soon as its key is saved, and says how it went', async () => {
    const saved = await call('POST', '/api/dgmemberinfo', {
      affiliateId: 'maya_ds24',
      apiKey: DS_KEY,
    })
    expect(saved.statusCode).toBe(200)
    const done = await settled('digistore24')
    expect(done).toMatchObject({
      transactions: 60,
      lastError: null,
      lastSyncAt: new Date(t.clock.now).toISOString(),
      sync: { running: false, progress: 1, imported: 60, step: 'Done: 60 new rows' },
    })
    const figures = await call('GET', '/api/dgearning?affiliateid=maya_ds24&year=2026&month=10')
    const eur = figures.json().data.totals.find((r: { currency: string }) => r.currency === 'EUR')
    expect(eur.refundsCount + eur.chargebacksCount).toBe(2)
    // the key went to the network in its header, never in the address
    expect(ds.requests.every((r) => r.headers['x-ds-api-key'] === DS_KEY)).toBe(true)
    expect(ds.requests.some((r) => r.path.includes(DS_KEY))).toBe(false)
  })

  it('imports again without doubling anything, starting shortly before the last import', async () => {
    ds.requests.length = 0
    t.clock.now += 60 * 60 * 1000
    expect((await call('POST', '/api/earnings/accounts/digistore24/sync', {})).statusCode).toBe(200)
    const done = await settled('digistore24')
    expect(done).toMatchObject({
      transactions: 60,
      sync: { imported: 0, step: 'Done: 0 new rows' },
    })
    const from = ds.requests.map((r) => r.params.get('from') ?? '').sort()[0] ?? ''
    expect(from >= '2026-11-15').toBe(true)
  })

  it('imports ClickBank transactions across 206 pages, with hops, and tests the key', async () => {
    await call('POST', '/api/creatememberinfo', { nickname: 'mayacb', apiKey: CB_KEY })
    const done = await settled('clickbank')
    expect(done).toMatchObject({ transactions: 130, lastError: null })
    const pages = cb.requests.filter((r) => r.path === '/orders2/list').map((r) => r.headers.page)
    expect(pages).toContain('2')
    const hopData = await call('GET', '/api/hopdata?affiliateid=mayacb&year=2026&month=11')
    expect(hopData.json().data.hops).toBe(300)
    // hops come per vendor, named after the vendor's product, so a product search finds them
    const searched = await call('GET', '/api/hopdata?affiliateid=mayacb&year=2026&search=keto')
    expect(searched.json().data).toMatchObject({ hops: 300, sales: 130 })

    const test = await call('POST', '/api/earnings/accounts/clickbank/test', {})
    expect(test.json()).toEqual({ data: { message: 'ClickBank accepted the API key of mayacb' } })
  })

  it('records a failure for the member, backs off, and clears it after the next success', async () => {
    await call('POST', '/api/creatememberinfo', { nickname: 'mayacb', apiKey: 'API-WRONG-KEY-99' })
    const failed = await settled('clickbank')
    expect(failed.lastError).toMatch(/ClickBank/)
    expect(failed.sync.step).toMatch(/^Failed: /)
    expect(failed.transactions).toBe(130) // what was imported stays
    const test = await call('POST', '/api/earnings/accounts/clickbank/test', {})
    expect(test.statusCode).toBe(502)
    expect(test.json().message).toMatch(/ClickBank/)
    expect(test.json().message).not.toContain('API-WRONG')

    // the schedule leaves a failed account alone for a while, then tries again
    const requestsBefore = cb.requests.length
    await t.app.services.imports.tick()
    expect(cb.requests.length).toBe(requestsBefore)
    t.clock.now += 2 * 60 * 1000
    await t.app.services.imports.tick()
    expect(cb.requests.length).toBeGreaterThan(requestsBefore)
    expect((await account('clickbank')).lastError).toMatch(/ClickBank/)

    // a new key imports at once and clears the error
    await call('POST', '/api/creatememberinfo', { nickname: 'mayacb', apiKey: CB_KEY })
    const fixed = await settled('clickbank')
    expect(fixed.lastError).toBeNull()

    // The operator sees both: imports ended, by outcome.
    const metrics = await t.app.services.metrics.text()
    expect(metrics).toMatch(/members_area_earnings_imports_total\{outcome="failed"\} [1-9]/)
    expect(metrics).toMatch(/members_area_earnings_imports_total\{outcome="done"\} [1-9]/)
  })

  it('retries a network that fails for a moment, within one import', async () => {
    ds.failNext({ kind: 'server-error', status: 503 }, 2)
    ds.requests.length = 0
    await call('POST', '/api/earnings/accounts/digistore24/sync', {})
    const done = await settled('digistore24')
    expect(done.lastError).toBeNull()
    expect(ds.requests.length).toBeGreaterThanOrEqual(3)
  })
})
