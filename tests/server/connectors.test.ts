import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { loadConfig } from '../../server/config'
import { clickbankConnector } from '../../server/services/networks/clickbank'
import { digistore24Connector } from '../../server/services/networks/digistore24'
import { connectorFor, defaultBackoff } from '../../server/services/networks/index'
import {
  NetworkError,
  type ConnectorOptions,
  type Page,
} from '../../server/services/networks/types'
import { startClickBankFake, type ClickBankFake, type ClickBankOrder } from './fakes/clickbank'
import {
  startDigistore24Fake,
  type Digistore24Fake,
  type Digistore24Transaction,
} from './fakes/digistore24'

const fast = (baseUrl: string, more: Partial<ConnectorOptions> = {}): ConnectorOptions => ({
  baseUrl,
  timeoutMs: 300,
  retries: 3,
  backoffMs: () => 5,
  minIntervalMs: 0,
  ...more,
})

async function collect<T>(pages: AsyncGenerator<Page<T>>) {
  const rows: T[] = []
  const progress: number[] = []
  for await (const page of pages) {
    rows.push(...page.rows)
    progress.push(page.progress)
  }
  return { rows, progress }
}

async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(NetworkError)
    return error as NetworkError
  }
  throw new Error('expected a failure')
}

const pad = (n: number) => String(n).padStart(2, '0')

describe('Digistore24 connector', () => {
  const apiKey = '1234-ds24SecretKeyForTests'
  const credentials = { accountId: 'maya_ds24', apiKey }
  const october = { from: '2026-10-01', to: '2026-10-31' }
  let fake: Digistore24Fake

  const ds = (id: number, created_at: string, more: Partial<Digistore24Transaction> = {}) =>
    ({
      id: String(id),
      created_at,
      transaction_type: 'payment',
      purchase_id: `P${id}`,
      currency: 'EUR',
      amount: '47.00',
      earned_amount: '23.50',
      product_id: '4711',
      product_name: 'Affiliate Kickstart',
      buyer_country: 'de',
      ...more,
    }) satisfies Digistore24Transaction

  beforeAll(async () => {
    fake = await startDigistore24Fake({ apiKey })
  })
  afterEach(() => {
    fake.requests.length = 0
    fake.transactions.length = 0
  })
  afterAll(() => fake.close())

  it('pages through listTransactions 1000 at a time, form-encoded with the key in its header', async () => {
    for (let i = 0; i < 2300; i++) {
      const day = 1 + (i % 31)
      fake.transactions.push(
        ds(1000 + i, `2026-10-${pad(day)} ${pad(6 + (i % 14))}:00:${pad(i % 60)}`),
      )
    }
    const { rows, progress } = await collect(
      digistore24Connector(fast(fake.url)).transactions(credentials, october),
    )
    expect(rows).toHaveLength(2300)
    expect(progress).toEqual([1 / 3, 2 / 3, 1])
    expect(fake.requests.map((r) => r.params.get('page_no'))).toEqual(['1', '2', '3'])
    for (const request of fake.requests) {
      expect(request.method).toBe('POST')
      expect(request.path).toBe('/listTransactions/format/json')
      expect(request.headers['x-ds-api-key']).toBe(apiKey)
      expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded')
      expect(request.params.get('page_size')).toBe('1000')
      expect(request.params.get('search[role]')).toBe('affiliate')
      // One more day on each side, so every UTC day is covered in the account's zone.
      expect(request.params.get('from')).toBe('2026-09-30 00:00:00')
      expect(request.params.get('to')).toBe('2026-11-01 23:59:59')
    }
  })

  it('maps kinds, earned amounts, countries and Berlin times; skips other types and other days', async () => {
    fake.transactions.push(
      ds(1, '2026-10-05 14:22:10', { amount: '47.00', earned_amount: '23.50' }),
      ds(2, '2026-10-12 09:00:00', {
        transaction_type: 'refund',
        amount: '-47.00',
        earned_amount: '-23.50',
      }),
      ds(3, '2026-10-20 18:30:00', {
        transaction_type: 'chargeback',
        currency: 'USD',
        amount: '-97.00',
        earned_amount: '-48.5',
        product_name: 'Passive Profit Course',
        buyer_country: '',
      }),
      ds(4, '2026-10-21 10:00:00', { transaction_type: 'payout', earned_amount: '-500.00' }),
      ds(5, '2026-10-22 10:00:00', { role: 'vendor' }),
      // 23:30 UTC on 30 September (summer time, +2): outside the range.
      ds(6, '2026-10-01 01:30:00'),
      // 23:30 UTC on 31 October (winter time, +1): inside.
      ds(7, '2026-11-01 00:30:00', { product_name: 'Fitness Reset 30', earned_amount: '9.95' }),
    )
    const { rows } = await collect(
      digistore24Connector(fast(fake.url)).transactions(credentials, october),
    )
    expect(rows).toEqual([
      {
        externalId: '1',
        kind: 'sale',
        occurredAt: new Date('2026-10-05T12:22:10Z'),
        product: 'Affiliate Kickstart',
        country: 'DE',
        amount: '23.50',
        currency: 'EUR',
      },
      {
        externalId: '2',
        kind: 'refund',
        occurredAt: new Date('2026-10-12T07:00:00Z'),
        product: 'Affiliate Kickstart',
        country: 'DE',
        amount: '23.50',
        currency: 'EUR',
      },
      {
        externalId: '3',
        kind: 'chargeback',
        occurredAt: new Date('2026-10-20T16:30:00Z'),
        product: 'Passive Profit Course',
        country: 'ZZ',
        amount: '48.50',
        currency: 'USD',
      },
      {
        externalId: '7',
        kind: 'sale',
        occurredAt: new Date('2026-10-31T23:30:00Z'),
        product: 'Fitness Reset 30',
        country: 'DE',
        amount: '9.95',
        currency: 'EUR',
      },
    ])
  })

  it('reads times in the zone the envelope clock shows', async () => {
    const india = await startDigistore24Fake({
      apiKey,
      timeZone: 330,
      transactions: [ds(1, '2026-10-05 05:00:00')],
    })
    try {
      const { rows } = await collect(
        digistore24Connector(fast(india.url)).transactions(credentials, october),
      )
      expect(rows.map((r) => r.occurredAt)).toEqual([new Date('2026-10-04T23:30:00Z')])
    } finally {
      await india.close()
    }
  })

  it('gives the same external ids when the same range is imported twice', async () => {
    for (let i = 0; i < 40; i++)
      fake.transactions.push(ds(500 + i, `2026-10-${pad(1 + (i % 28))} 12:00:00`))
    const connector = digistore24Connector(fast(fake.url))
    const first = await collect(connector.transactions(credentials, october))
    const second = await collect(connector.transactions(credentials, october))
    const ids = first.rows.map((r) => r.externalId)
    expect(new Set(ids).size).toBe(40)
    expect(second.rows.map((r) => r.externalId)).toEqual(ids)
  })

  it('treats an error inside HTTP 200 as an error, without retrying it', async () => {
    fake.failNext({ kind: 'envelope-error', message: 'Unknown search parameter' })
    const error = await failure(
      collect(digistore24Connector(fast(fake.url)).transactions(credentials, october)),
    )
    expect(error.message).toBe('Digistore24 reported an error: Unknown search parameter')
    expect(error.retryable).toBe(false)
    expect(fake.requests).toHaveLength(1)
  })

  it('retries an envelope error that asks to try again, then succeeds', async () => {
    fake.transactions.push(ds(1, '2026-10-05 12:00:00'))
    fake.failNext(
      { kind: 'envelope-error', message: 'Too many requests - please try again later' },
      2,
    )
    const { rows } = await collect(
      digistore24Connector(fast(fake.url)).transactions(credentials, october),
    )
    expect(rows).toHaveLength(1)
    expect(fake.requests).toHaveLength(3)
  })

  it('refuses a bad key once, with a clear message that does not contain the key', async () => {
    const wrong = { ...credentials, apiKey: '9999-wrongKeyWrongKey' }
    const error = await failure(digistore24Connector(fast(fake.url)).test(wrong))
    expect(error.message).toBe('Digistore24 refused the API key')
    expect(error.retryable).toBe(false)
    expect(error.message).not.toContain(wrong.apiKey)
    expect(fake.requests).toHaveLength(1)
  })

  it('tests the connection with one small listTransactions call', async () => {
    await digistore24Connector(fast(fake.url)).test(credentials)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]!.path).toBe('/listTransactions/format/json')
    expect(fake.requests[0]!.params.get('page_size')).toBe('1')
  })

  it('retries 5xx answers and timeouts, then succeeds', async () => {
    fake.transactions.push(ds(1, '2026-10-05 12:00:00'))
    fake.failNext({ kind: 'server-error', status: 502 })
    fake.failNext({ kind: 'slow', ms: 1000 })
    const { rows } = await collect(
      digistore24Connector(fast(fake.url)).transactions(credentials, october),
    )
    expect(rows).toHaveLength(1)
    expect(fake.requests).toHaveLength(3)
  })

  it('gives up after the retries with a timeout message', async () => {
    fake.failNext({ kind: 'slow', ms: 2000 }, 4)
    const error = await failure(digistore24Connector(fast(fake.url)).test(credentials))
    expect(error.message).toBe('Digistore24 did not answer within 0.3 s')
    expect(error.retryable).toBe(true)
    expect(fake.requests).toHaveLength(4)
  })

  it('stops at once when the caller aborts, without retrying', async () => {
    fake.failNext({ kind: 'slow', ms: 2000 }, 4)
    const controller = new AbortController()
    const connector = digistore24Connector(fast(fake.url, { timeoutMs: 5000 }))
    const started = Date.now()
    setTimeout(() => controller.abort(), 100)
    await expect(connector.test(credentials, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(fake.requests).toHaveLength(1)
  })

  it('has no hop figures', async () => {
    const { rows } = await collect(digistore24Connector(fast(fake.url)).hops(credentials, october))
    expect(rows).toEqual([])
    expect(fake.requests).toHaveLength(0)
  })
})

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

describe('connectorFor', () => {
  it('uses the configured URLs and the default limits, shared per configuration', () => {
    const config = loadConfig({
      CLICKBANK_API_URL: 'http://127.0.0.1:1/cb',
      DIGISTORE24_API_URL: 'http://127.0.0.1:1/ds',
    })
    const clickbank = connectorFor('clickbank', config)
    expect(clickbank.network).toBe('clickbank')
    expect(connectorFor('clickbank', config)).toBe(clickbank)
    expect(connectorFor('digistore24', config).network).toBe('digistore24')
    expect(connectorFor('clickbank', config, { retries: 0 })).not.toBe(clickbank)
    expect([1, 2, 3, 4, 5].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 8000])
  })

  it('sends the calls to the configured base URL', async () => {
    const apiKey = 'API-CONFIGURED-KEY-123'
    const fake = await startClickBankFake({ apiKey, account: 'mayacb' })
    try {
      const config = loadConfig({ CLICKBANK_API_URL: `${fake.url}/` })
      await connectorFor('clickbank', config, { minIntervalMs: 0 }).test({
        accountId: 'mayacb',
        apiKey,
      })
      expect(fake.requests.map((r) => r.path)).toEqual(['/orders2/list'])
    } finally {
      await fake.close()
    }
  })
})
