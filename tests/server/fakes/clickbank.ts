import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A line item as ClickBank's orders2 API lists it. */
export interface ClickBankLineItem {
  itemNo: string
  productTitle: string
  /** What the queried account earned on this item; negative for refunds and chargebacks. */
  accountAmount: number
  customerAmount?: number
  quantity?: number
}

/** An order row of `orders2/list`. */
export interface ClickBankOrder {
  /** ISO 8601 with ClickBank's Pacific offset, e.g. "2026-10-05T14:22:10-07:00". */
  transactionTime: string
  receipt: string
  transactionType: 'SALE' | 'BILL' | 'RFND' | 'CGBK' | 'FEE' | 'TEST_SALE'
  totalOrderAmount: number
  totalAccountAmount: number
  currency: string
  country: string
  vendor: string
  affiliate: string
  trackingId?: string
  /** Whose order it is from the queried account's side (default AFFILIATE). */
  role?: 'AFFILIATE' | 'VENDOR'
  lineItemData: ClickBankLineItem[]
}

/** Hops of one vendor on one ClickBank day. */
export interface ClickBankHops {
  day: string
  vendor: string
  hops: number
}

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
  /** Date.now() when the request arrived. */
  at: number
}

export type ClickBankFailure =
  /** 403 whose body names the rate limit, as ClickBank answers above about 10 requests a second. */
  | { kind: 'rate-limit' }
  | { kind: 'server-error'; status?: number }
  /** 429 with an optional Retry-After header. */
  | { kind: 'too-many'; retryAfter?: string }
  /** Answers only after `ms` (longer than the client's timeout). */
  | { kind: 'slow'; ms: number }

export interface ClickBankFakeOptions {
  apiKey: string
  /** The account nickname the key belongs to. */
  account: string
  orders?: ClickBankOrder[]
  hops?: ClickBankHops[]
  /** Rows a page (ClickBank: 100). */
  pageSize?: number
}

export interface ClickBankFake {
  url: string
  requests: RecordedRequest[]
  orders: ClickBankOrder[]
  hops: ClickBankHops[]
  /** When set, a list with one element is sent as that element alone (orderData, lineItemData, row, data). */
  singleObjects: boolean
  /** The next `times` requests fail this way (queued after failures already asked for). */
  failNext(failure: ClickBankFailure, times?: number): void
  close(): Promise<void>
}

/**
 * A local stand-in for ClickBank's REST API 1.3: `orders2/list` (affiliate role, Page header
 * paging with 206 while more pages follow) and `analytics/affiliate/vendor` (hop counts per
 * vendor), checking the raw key in the Authorization header.
 */
export async function startClickBankFake(options: ClickBankFakeOptions): Promise<ClickBankFake> {
  const pageSize = options.pageSize ?? 100
  const failures: ClickBankFailure[] = []
  const timers = new Set<NodeJS.Timeout>()

  const fake: ClickBankFake = {
    url: '',
    requests: [],
    orders: options.orders ?? [],
    hops: options.hops ?? [],
    singleObjects: false,
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

  const list = <T>(items: T[]): T | T[] =>
    fake.singleObjects && items.length === 1 ? items[0]! : items

  function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
    if (res.destroyed) return
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    res.writeHead(status, {
      'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...headers,
    })
    res.end(text)
  }

  function paged(
    res: ServerResponse,
    page: number,
    rows: unknown[],
    wrap: (rows: unknown[]) => unknown,
  ) {
    const slice = rows.slice((page - 1) * pageSize, page * pageSize)
    send(res, page * pageSize < rows.length ? 206 : 200, wrap(slice))
  }

  const server = createServer((req, res) => {
    const at = Date.now()
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      fake.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        at,
      })
      const failure = failures.shift()
      if (failure?.kind === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer)
          answer(url, req.headers, res)
        }, failure.ms)
        timers.add(timer)
        return
      }
      if (failure?.kind === 'rate-limit') {
        return send(res, 403, 'API rate limit exceeded: too many requests, slow down')
      }
      if (failure?.kind === 'server-error') {
        return send(res, failure.status ?? 503, 'Service temporarily unavailable')
      }
      if (failure?.kind === 'too-many') {
        const headers = failure.retryAfter ? { 'Retry-After': failure.retryAfter } : {}
        return send(res, 429, 'Too many requests', headers)
      }
      answer(url, req.headers, res)
    })
  })

  function answer(url: URL, headers: IncomingHttpHeaders, res: ServerResponse) {
    const key = headers.authorization
    if (!key) return send(res, 401, 'Authorization header required')
    if (key !== options.apiKey) return send(res, 403, 'Forbidden: the key is not valid')
    const page = Math.max(1, Number(headers.page ?? 1) || 1)
    const query = url.searchParams
    const startDate = query.get('startDate') ?? ''
    const endDate = query.get('endDate') ?? ''
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate)) {
      return send(res, 400, 'startDate and endDate must be yyyy-MM-dd')
    }

    if (url.pathname === '/orders2/list') {
      const role = query.get('role') ?? 'AFFILIATE'
      const affiliate = query.get('affiliate')
      const type = query.get('type')
      const rows = fake.orders
        .filter((o) => {
          const day = o.transactionTime.slice(0, 10)
          return (
            day >= startDate &&
            day <= endDate &&
            (o.role ?? 'AFFILIATE') === role &&
            (!affiliate || o.affiliate === affiliate) &&
            (!type || o.transactionType === type)
          )
        })
        .sort((a, b) => Date.parse(a.transactionTime) - Date.parse(b.transactionTime))
        .map(({ role: _role, ...order }) => ({
          ...order,
          lineItemData: list(order.lineItemData),
        }))
      return paged(res, page, rows, (slice) => ({ orderData: list(slice) }))
    }

    if (url.pathname === '/analytics/affiliate/vendor') {
      if (query.get('account') !== options.account) {
        return send(res, 403, 'Forbidden: no access to this account')
      }
      const select = query.getAll('select')
      const wanted = (attribute: string) => select.length === 0 || select.includes(attribute)
      const byVendor = new Map<string, { hops: number; sales: number }>()
      for (const h of fake.hops) {
        if (h.day < startDate || h.day > endDate) continue
        const entry = byVendor.get(h.vendor) ?? { hops: 0, sales: 0 }
        entry.hops += h.hops
        byVendor.set(h.vendor, entry)
      }
      for (const o of fake.orders) {
        const day = o.transactionTime.slice(0, 10)
        if (o.transactionType !== 'SALE' || day < startDate || day > endDate) continue
        const entry = byVendor.get(o.vendor) ?? { hops: 0, sales: 0 }
        entry.sales += 1
        byVendor.set(o.vendor, entry)
      }
      const rows = [...byVendor.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([vendor, figures]) => {
          const data = []
          if (wanted('HOP_COUNT')) {
            data.push({
              attribute: 'HOP_COUNT',
              value: { '@type': 'xs:int', $: String(figures.hops) },
            })
          }
          if (wanted('SALE_COUNT')) {
            data.push({
              attribute: 'SALE_COUNT',
              value: { '@type': 'xs:int', $: String(figures.sales) },
            })
          }
          return { dimensionIdentifier: vendor, dimensionValue: vendor, data: list(data) }
        })
      return paged(res, page, rows, (slice) => ({ rows: { row: list(slice) } }))
    }

    send(res, 404, 'Not found')
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
