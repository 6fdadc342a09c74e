import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { digistore24Connector } from '../../server/services/networks/digistore24'
import { collect, failure, fast, pad } from './connectors-fixtures'
import {
  startDigistore24Fake,
  type Digistore24Fake,
  type Digistore24Transaction,
} from './fakes/digistore24'

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
