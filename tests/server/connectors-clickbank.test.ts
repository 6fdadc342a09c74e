import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { clickbankConnector } from '../../server/services/networks/clickbank'
import { collect, failure, fast, pad } from './connectors-fixtures'
import { startClickBankFake, type ClickBankFake, type ClickBankOrder } from './fakes/clickbank'

describe('ClickBank connector', () => {
  const apiKey = 'API-CB1234567890ABCDEFGHIJ'
  const credentials = { accountId: 'mayacb', apiKey }
  let fake: ClickBankFake

  const order = (
    receipt: string,
    transactionTime: string,
    more: Partial<ClickBankOrder> = {},
  ): ClickBankOrder => ({
    transactionTime,
    receipt,
    transactionType: 'SALE',
    totalOrderAmount: 37,
    totalAccountAmount: 27.43,
    currency: 'USD',
    country: 'US',
    vendor: 'ketoblue',
    affiliate: 'mayacb',
    trackingId: 'fb_1',
    lineItemData: [
      { itemNo: '1', productTitle: 'Keto Blueprint', accountAmount: 27.43, customerAmount: 37 },
    ],
    ...more,
  })

  beforeAll(async () => {
    fake = await startClickBankFake({ apiKey, account: 'mayacb' })
  })
  afterEach(() => {
    fake.requests.length = 0
    fake.orders.length = 0
    fake.hops.length = 0
    fake.singleObjects = false
  })
  afterAll(() => fake.close())

  it('pages with the Page header while ClickBank answers 206', async () => {
    for (let i = 0; i < 250; i++) {
      fake.orders.push(order(`R${1000 + i}`, `2026-10-${pad(10 + (i % 3))}T0${i % 10}:15:00-07:00`))
    }
    const { rows, progress } = await collect(
      clickbankConnector(fast(fake.url)).transactions(credentials, {
        from: '2026-10-10',
        to: '2026-10-12',
      }),
    )
    expect(rows).toHaveLength(250)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(fake.requests.map((r) => r.headers.page)).toEqual(['1', '2', '3'])
    for (const request of fake.requests) {
      expect(request.path).toBe('/orders2/list')
      expect(request.headers.authorization).toBe(apiKey)
      expect(request.headers.accept).toBe('application/json')
      expect(request.query.get('role')).toBe('AFFILIATE')
      expect(request.query.get('affiliate')).toBe('mayacb')
      expect(request.query.get('startDate')).toBe('2026-10-09')
      expect(request.query.get('endDate')).toBe('2026-10-13')
    }
  })

  it('maps kinds, account amounts, line items and times; skips fees and test sales', async () => {
    fake.orders.push(
      order('AAA111', '2026-10-05T14:22:10-07:00', { country: 'gb' }),
      order('BBB222', '2026-10-06T10:00:00-07:00', {
        transactionType: 'BILL',
        vendor: 'tubemaster',
        totalAccountAmount: 148.5,
        lineItemData: [{ itemNo: '3', productTitle: 'Tube Mastery', accountAmount: 148.5 }],
      }),
      order('AAA111', '2026-10-09T08:00:00-07:00', {
        transactionType: 'RFND',
        totalAccountAmount: -27.43,
        lineItemData: [{ itemNo: '1', productTitle: 'Keto Blueprint', accountAmount: -27.43 }],
        country: 'gb',
      }),
      order('CCC333', '2026-10-11T23:30:00-07:00', {
        transactionType: 'CGBK',
        country: '',
        totalAccountAmount: -41.22,
        vendor: 'manifmagic',
        lineItemData: [{ itemNo: '1', productTitle: 'Manifestation Magic', accountAmount: -41.22 }],
      }),
      order('DDD444', '2026-10-12T12:00:00-07:00', {
        totalAccountAmount: 39.48,
        lineItemData: [
          { itemNo: '1', productTitle: 'Keto Blueprint', accountAmount: 27.43 },
          { itemNo: 'B2', productTitle: 'Keto Recipes', accountAmount: 12.05 },
        ],
      }),
      order('EEE555', '2026-10-13T12:00:00-07:00', { transactionType: 'FEE' }),
      order('FFF666', '2026-10-13T12:00:00-07:00', { transactionType: 'TEST_SALE' }),
    )
    const { rows } = await collect(
      clickbankConnector(fast(fake.url)).transactions(credentials, {
        from: '2026-10-01',
        to: '2026-10-31',
      }),
    )
    expect(rows).toEqual([
      {
        externalId: 'AAA111:SALE',
        kind: 'sale',
        occurredAt: new Date('2026-10-05T21:22:10Z'),
        product: 'Keto Blueprint',
        country: 'GB',
        amount: '27.43',
        currency: 'USD',
        vendor: 'ketoblue',
      },
      {
        externalId: 'BBB222:BILL:2026-10-06',
        kind: 'sale',
        occurredAt: new Date('2026-10-06T17:00:00Z'),
        product: 'Tube Mastery',
        country: 'US',
        amount: '148.50',
        currency: 'USD',
        vendor: 'tubemaster',
      },
      {
        externalId: 'AAA111:RFND',
        kind: 'refund',
        occurredAt: new Date('2026-10-09T15:00:00Z'),
        product: 'Keto Blueprint',
        country: 'GB',
        amount: '27.43',
        currency: 'USD',
        vendor: 'ketoblue',
      },
      {
        externalId: 'CCC333:CGBK',
        kind: 'chargeback',
        occurredAt: new Date('2026-10-12T06:30:00Z'),
        product: 'Manifestation Magic',
        country: 'ZZ',
        amount: '41.22',
        currency: 'USD',
        vendor: 'manifmagic',
      },
      {
        externalId: 'DDD444:SALE:1',
        kind: 'sale',
        occurredAt: new Date('2026-10-12T19:00:00Z'),
        product: 'Keto Blueprint',
        country: 'US',
        amount: '27.43',
        currency: 'USD',
        vendor: 'ketoblue',
      },
      {
        externalId: 'DDD444:SALE:B2',
        kind: 'sale',
        occurredAt: new Date('2026-10-12T19:00:00Z'),
        product: 'Keto Recipes',
        country: 'US',
        amount: '12.05',
        currency: 'USD',
        vendor: 'ketoblue',
      },
    ])
  })

  it('keeps only the UTC days asked for', async () => {
    fake.orders.push(
      // 06:30 UTC on 1 October: inside.
      order('IN1', '2026-09-30T23:30:00-07:00'),
      // 06:30 UTC on 30 September: outside.
      order('OUT1', '2026-09-29T23:30:00-07:00'),
      // 07:30 UTC on 1 November: outside.
      order('OUT2', '2026-11-01T00:30:00-07:00'),
    )
    const { rows } = await collect(
      clickbankConnector(fast(fake.url)).transactions(credentials, {
        from: '2026-10-01',
        to: '2026-10-31',
      }),
    )
    expect(rows.map((r) => r.externalId)).toEqual(['IN1:SALE'])
  })

  it('reads a single object where a list is expected', async () => {
    fake.singleObjects = true
    fake.orders.push(order('ONE111', '2026-10-05T14:22:10-07:00'))
    fake.hops.push({ day: '2026-10-05', vendor: 'ketoblue', hops: 42 })
    const connector = clickbankConnector(fast(fake.url))
    const range = { from: '2026-10-05', to: '2026-10-05' }
    const transactions = await collect(connector.transactions(credentials, range))
    expect(transactions.rows.map((r) => [r.externalId, r.product, r.amount])).toEqual([
      ['ONE111:SALE', 'Keto Blueprint', '27.43'],
    ])
    const hops = await collect(connector.hops(credentials, range))
    expect(hops.rows).toEqual([{ day: '2026-10-05', product: 'ketoblue', hops: 42 }])
  })

  it('gives the same external ids when the same range is imported twice', async () => {
    for (let i = 0; i < 30; i++) {
      fake.orders.push(order(`K${i}`, `2026-10-${pad(1 + (i % 28))}T12:00:00-07:00`))
    }
    const connector = clickbankConnector(fast(fake.url))
    const range = { from: '2026-10-01', to: '2026-10-31' }
    const first = await collect(connector.transactions(credentials, range))
    const second = await collect(connector.transactions(credentials, range))
    expect(new Set(first.rows.map((r) => r.externalId)).size).toBe(30)
    expect(second.rows.map((r) => r.externalId)).toEqual(first.rows.map((r) => r.externalId))
  })

  it('splits long ranges into windows and reports rising progress', async () => {
    fake.orders.push(order('W1', '2026-08-01T12:00:00-07:00'))
    fake.orders.push(order('W2', '2026-09-15T12:00:00-07:00'))
    fake.orders.push(order('W3', '2026-10-10T12:00:00-07:00'))
    const { rows, progress } = await collect(
      clickbankConnector(fast(fake.url)).transactions(credentials, {
        from: '2026-08-01',
        to: '2026-10-10',
      }),
    )
    expect(rows.map((r) => r.externalId)).toEqual(['W1:SALE', 'W2:SALE', 'W3:SALE'])
    expect(fake.requests.map((r) => [r.query.get('startDate'), r.query.get('endDate')])).toEqual([
      ['2026-07-31', '2026-08-30'],
      ['2026-08-31', '2026-09-30'],
      ['2026-10-01', '2026-10-11'],
    ])
    expect(progress).toEqual([1 / 3, 2 / 3, 1])
  })

  it('retries a 403 rate limit, then succeeds', async () => {
    fake.orders.push(order('RL1', '2026-10-05T12:00:00-07:00'))
    fake.failNext({ kind: 'rate-limit' }, 2)
    const { rows } = await collect(
      clickbankConnector(fast(fake.url)).transactions(credentials, {
        from: '2026-10-05',
        to: '2026-10-05',
      }),
    )
    expect(rows).toHaveLength(1)
    expect(fake.requests).toHaveLength(3)
  })

  it('reports the rate limit when it lasts beyond the retries', async () => {
    fake.failNext({ kind: 'rate-limit' }, 4)
    const error = await failure(clickbankConnector(fast(fake.url)).test(credentials))
    expect(error.message).toBe("ClickBank's rate limit was reached; try again later")
    expect(error.retryable).toBe(true)
    expect(fake.requests).toHaveLength(4)
  })

  it('honours Retry-After on 429', async () => {
    fake.failNext({ kind: 'too-many', retryAfter: '1' })
    const started = Date.now()
    await clickbankConnector(fast(fake.url)).test(credentials)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(fake.requests).toHaveLength(2)
  })

  it('refuses a bad key once, with a clear message that does not contain the key', async () => {
    const wrong = { ...credentials, apiKey: 'API-WRONGWRONGWRONG' }
    const error = await failure(clickbankConnector(fast(fake.url)).test(wrong))
    expect(error.message).toBe('ClickBank refused the API key')
    expect(error.retryable).toBe(false)
    expect(error.status).toBe(403)
    expect(error.message).not.toContain(wrong.apiKey)
    expect(fake.requests).toHaveLength(1)
  })

  it('retries a timeout, and reports one that lasts', async () => {
    fake.failNext({ kind: 'slow', ms: 1000 })
    await clickbankConnector(fast(fake.url)).test(credentials)
    expect(fake.requests).toHaveLength(2)

    fake.requests.length = 0
    fake.failNext({ kind: 'slow', ms: 2000 }, 4)
    const error = await failure(clickbankConnector(fast(fake.url)).test(credentials))
    expect(error.message).toBe('ClickBank did not answer within 0.3 s')
    expect(error.retryable).toBe(true)
    expect(fake.requests).toHaveLength(4)
  })

  it('retries 5xx answers', async () => {
    fake.failNext({ kind: 'server-error', status: 500 })
    fake.failNext({ kind: 'server-error', status: 503 })
    await clickbankConnector(fast(fake.url)).test(credentials)
    expect(fake.requests).toHaveLength(3)
  })

  it('reports unreachable servers as retryable', async () => {
    const closed = await startClickBankFake({ apiKey, account: 'mayacb' })
    await closed.close()
    const error = await failure(
      clickbankConnector(fast(closed.url, { retries: 1 })).test(credentials),
    )
    expect(error.message).toBe('ClickBank could not be reached')
    expect(error.retryable).toBe(true)
  })

  it('imports daily hops per vendor, one day at a time', async () => {
    fake.hops.push(
      { day: '2026-10-05', vendor: 'ketoblue', hops: 40 },
      { day: '2026-10-05', vendor: 'tubemaster', hops: 12 },
      { day: '2026-10-06', vendor: 'ketoblue', hops: 55 },
      { day: '2026-10-07', vendor: 'tubemaster', hops: 9 },
      { day: '2026-10-08', vendor: 'ketoblue', hops: 99 },
    )
    fake.orders.push(order('H1', '2026-10-05T12:00:00-07:00'))
    const { rows, progress } = await collect(
      clickbankConnector(fast(fake.url)).hops(credentials, {
        from: '2026-10-05',
        to: '2026-10-07',
      }),
    )
    expect(rows).toEqual([
      { day: '2026-10-05', product: 'ketoblue', hops: 40 },
      { day: '2026-10-05', product: 'tubemaster', hops: 12 },
      { day: '2026-10-06', product: 'ketoblue', hops: 55 },
      { day: '2026-10-07', product: 'tubemaster', hops: 9 },
    ])
    expect(progress).toEqual([1 / 3, 2 / 3, 1])
    expect(
      fake.requests.map((r) => [r.path, r.query.get('startDate'), r.query.get('endDate')]),
    ).toEqual([
      ['/analytics/affiliate/vendor', '2026-10-05', '2026-10-05'],
      ['/analytics/affiliate/vendor', '2026-10-06', '2026-10-06'],
      ['/analytics/affiliate/vendor', '2026-10-07', '2026-10-07'],
    ])
    for (const request of fake.requests) {
      expect(request.query.get('account')).toBe('mayacb')
      expect(request.query.getAll('select')).toEqual(['HOP_COUNT'])
    }
  })

  it('pages hop rows too', async () => {
    for (let i = 0; i < 130; i++)
      fake.hops.push({ day: '2026-10-05', vendor: `v${1000 + i}`, hops: i })
    const { rows } = await collect(
      clickbankConnector(fast(fake.url)).hops(credentials, {
        from: '2026-10-05',
        to: '2026-10-05',
      }),
    )
    expect(rows).toHaveLength(130)
    expect(fake.requests.map((r) => r.headers.page)).toEqual(['1', '2'])
  })

  it('keeps the least interval between requests', async () => {
    const { rows } = await collect(
      clickbankConnector(fast(fake.url, { minIntervalMs: 60 })).hops(credentials, {
        from: '2026-10-01',
        to: '2026-10-05',
      }),
    )
    expect(rows).toEqual([])
    expect(fake.requests).toHaveLength(5)
    // Sends are spaced exactly; arrivals may jitter by a few milliseconds.
    const gaps = fake.requests.slice(1).map((r, i) => r.at - fake.requests[i]!.at)
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(40)
    expect(fake.requests.at(-1)!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(4 * 60 - 10)
  })
})
