import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { zoneOffset } from '../../../server/services/networks/http'

/** A transaction as the fake's `listTransactions` lists it (see server/services/networks/digistore24.ts). */
export interface Digistore24Transaction {
  id: string
  /** "YYYY-MM-DD HH:MM:SS" in the account's time zone. */
  created_at: string
  transaction_type: 'payment' | 'refund' | 'chargeback' | 'payout' | 'rebill_cancel'
  purchase_id: string
  currency: string
  /** What the buyer paid; negative for refunds and chargebacks. */
  amount: string
  /** What the account earned; negative for refunds and chargebacks. */
  earned_amount: string
  product_id: string
  product_name: string
  buyer_country: string
  /** The account's role in the sale (default affiliate). */
  role?: 'affiliate' | 'vendor'
}

export interface RecordedRequest {
  method: string
  path: string
  /** Query and form parameters together. */
  params: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
  /** Date.now() when the request arrived. */
  at: number
}

export type Digistore24Failure =
  /** HTTP 200 with `result: "error"` and this message. */
  | { kind: 'envelope-error'; message: string }
  | { kind: 'server-error'; status?: number }
  /** 429 with an optional Retry-After header. */
  | { kind: 'too-many'; retryAfter?: string }
  /** Answers only after `ms` (longer than the client's timeout). */
  | { kind: 'slow'; ms: number }

export interface Digistore24FakeOptions {
  apiKey: string
  /** The account's time zone, for `current_time` and `created_at` (default Europe/Berlin). */
  timeZone?: string | number
  transactions?: Digistore24Transaction[]
}

export interface Digistore24Fake {
  url: string
  requests: RecordedRequest[]
  transactions: Digistore24Transaction[]
  /** The next `times` requests fail this way (queued after failures already asked for). */
  failNext(failure: Digistore24Failure, times?: number): void
  close(): Promise<void>
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

/**
 * A local stand-in for the Digistore24 API: `listTransactions` and `ping`, as POST with a form
 * body or GET with query parameters, key in X-DS-API-KEY, the `{ api_version, current_time,
 * result, data }` envelope (errors inside HTTP 200), and page_no/page_size paging with
 * page_count and item_count.
 */
export async function startDigistore24Fake(
  options: Digistore24FakeOptions,
): Promise<Digistore24Fake> {
  const zone = options.timeZone ?? 'Europe/Berlin'
  const failures: Digistore24Failure[] = []
  const timers = new Set<NodeJS.Timeout>()

  const fake: Digistore24Fake = {
    url: '',
    requests: [],
    transactions: options.transactions ?? [],
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }

  function localNow() {
    const now = Date.now()
    return new Date(now + zoneOffset(zone, now) * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ')
  }

  function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
    if (res.destroyed) return
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

  const envelope = (result: 'success' | 'error', extra: object) => ({
    api_version: '1.2',
    current_time: localNow(),
    result,
    ...extra,
  })
  const error = (res: ServerResponse, message: string) =>
    send(res, 200, envelope('error', { code: 0, message }))

  const server = createServer((req, res) => {
    const at = Date.now()
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const params = new URLSearchParams(url.searchParams)
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(body)) params.append(k, v)
      }
      fake.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        headers: req.headers,
        body,
        at,
      })
      const failure = failures.shift()
      if (failure?.kind === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer)
          answer(url.pathname, params, req.headers, res)
        }, failure.ms)
        timers.add(timer)
        return
      }
      if (failure?.kind === 'envelope-error') return error(res, failure.message)
      if (failure?.kind === 'server-error') {
        return send(res, failure.status ?? 502, { result: 'error', message: 'Bad gateway' })
      }
      if (failure?.kind === 'too-many') {
        const headers = failure.retryAfter ? { 'Retry-After': failure.retryAfter } : {}
        return send(res, 429, { result: 'error', message: 'Too many requests' }, headers)
      }
      answer(url.pathname, params, req.headers, res)
    })
  })

  function answer(
    path: string,
    params: URLSearchParams,
    headers: IncomingHttpHeaders,
    res: ServerResponse,
  ) {
    if (headers['x-ds-api-key'] !== options.apiKey) {
      return error(res, 'Access denied: the API key is invalid')
    }
    if (path === '/ping/format/json') {
      return send(res, 200, envelope('success', { data: { server_time: localNow() } }))
    }
    if (path !== '/listTransactions/format/json') {
      return error(res, `Unknown function ${path}`)
    }
    const from = params.get('from') ?? ''
    const to = params.get('to') ?? ''
    if (!TIME.test(from) || !TIME.test(to)) return error(res, 'Invalid value for from or to')
    const pageNo = Number(params.get('page_no') ?? 1)
    const pageSize = Number(params.get('page_size') ?? 1000)
    if (!Number.isInteger(pageNo) || pageNo < 1) return error(res, 'Invalid value for page_no')
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      return error(res, 'Invalid value for page_size: at most 1000')
    }
    const roles = params.get('search[role]')?.split(',')
    const items = fake.transactions
      .filter(
        (t) =>
          t.created_at >= from &&
          t.created_at <= to &&
          (!roles || roles.includes(t.role ?? 'affiliate')),
      )
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
    const list = items
      .slice((pageNo - 1) * pageSize, pageNo * pageSize)
      .map(({ role: _role, ...t }) => t)
    send(
      res,
      200,
      envelope('success', {
        data: {
          page_no: pageNo,
          page_size: pageSize,
          page_count: Math.ceil(items.length / pageSize),
          item_count: items.length,
          transaction_list: list,
        },
      }),
    )
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
