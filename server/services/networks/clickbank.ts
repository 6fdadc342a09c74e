/**
 * ClickBank connector (REST API 1.3), affiliate side.
 *
 * Every call sends `Authorization: <API key>` (the raw key) and `Accept: application/json`,
 * and pages through the `Page` request header (from 1): HTTP 206 means more pages follow,
 * 200 is the last page, 204 means nothing was found.
 *
 * Transactions: `GET {baseUrl}/orders2/list?startDate&endDate&role=AFFILIATE&affiliate=<nickname>`
 * (dates yyyy-MM-dd, ClickBank's own Pacific days), 100 rows a page, answered as
 * `{ orderData: [...] }`. Each row: `transactionTime`, `receipt`, `transactionType` (SALE, BILL
 * for a rebill — both sales —, RFND, CGBK; FEE and TEST_* are skipped), `totalAccountAmount`,
 * `country`, `vendor` and `lineItemData` (`itemNo`, `productTitle`, `accountAmount`). A row
 * with several line items becomes one transaction per item. The external id is
 * receipt + ":" + type, plus ":" + itemNo when the row has several items; a rebill (BILL) also
 * gets its ClickBank day, as the rebills of a subscription may share one receipt.
 * Amounts are what this account earned (the account amount), as positive values — refunds and
 * chargebacks come negative. ClickBank keeps its accounts in US dollars, so account amounts are
 * USD; the row's `currency` is the one the customer paid in and applies to the order amounts.
 * A time without an offset is ClickBank's Pacific time.
 *
 * Hops: `GET {baseUrl}/analytics/affiliate/vendor?account&startDate=<day>&endDate=<day>&select=HOP_COUNT`
 * once per day, answered as `{ rows: { row: [{ dimensionIdentifier, dimensionValue,
 * data: [{ attribute: "HOP_COUNT", value: { "$": "12" } }] }] } }`. ClickBank counts hops per
 * vendor, so the product of a hop row is the vendor's nickname; the import names it after the
 * vendor's product where a transaction has shown it.
 *
 * ClickBank sometimes sends one object where a list is expected (orderData, lineItemData, row,
 * data): both are read. A 403 whose body speaks of a rate limit is retried; any other 401 or
 * 403 means the key was refused.
 */
import type { Network } from '@schemas/earnings'

import {
  addDays,
  asList,
  countryCode,
  createHttpClient,
  dayInZone,
  daysBetween,
  money,
  parseJson,
  parseNetworkTime,
  statusError,
  type Answer,
} from './http'
import {
  NetworkError,
  type Connector,
  type ConnectorOptions,
  type Credentials,
  type ImportedHops,
  type ImportedTransaction,
} from './types'

const NAME = 'ClickBank'
const ZONE = 'America/Los_Angeles'
/** Days asked for in one listing; longer ranges are split so progress can be told. */
const WINDOW_DAYS = 31

type Row = Record<string, unknown>

const KINDS: Record<string, ImportedTransaction['kind']> = {
  SALE: 'sale',
  BILL: 'sale',
  RFND: 'refund',
  CGBK: 'chargeback',
}

export function clickbankConnector(options: ConnectorOptions): Connector {
  const keys = new Set<string>()
  const http = createHttpClient({
    ...options,
    name: NAME,
    check: checkAnswer,
    secrets: () => [...keys],
  })

  /** One page of a listing: the parsed body (undefined when empty) and whether more follow. */
  async function page(
    credentials: Credentials,
    path: string,
    params: [string, string][],
    pageNo: number,
    signal?: AbortSignal,
  ) {
    keys.add(credentials.apiKey)
    const answer = await http.request({
      url: `${options.baseUrl}${path}?${new URLSearchParams(params).toString()}`,
      headers: {
        Authorization: credentials.apiKey,
        Accept: 'application/json',
        Page: String(pageNo),
      },
      signal,
    })
    const body =
      answer.status === 204 || !answer.text.trim() ? undefined : parseJson(NAME, answer.text)
    return { body: body as Row | undefined, more: answer.status === 206 }
  }

  const network: Network = 'clickbank'
  return {
    network,

    async test(credentials, signal) {
      const today = new Date().toISOString().slice(0, 10)
      await page(credentials, '/orders2/list', listParams(credentials, today, today), 1, signal)
    },

    async *transactions(credentials, range, signal) {
      const start = Date.parse(`${range.from}T00:00:00Z`)
      const end = Date.parse(`${addDays(range.to, 1)}T00:00:00Z`)
      const windows = splitDays(addDays(range.from, -1), addDays(range.to, 1), WINDOW_DAYS)
      for (const [index, [from, to]] of windows.entries()) {
        for (let pageNo = 1; ; pageNo++) {
          const { body, more } = await page(
            credentials,
            '/orders2/list',
            listParams(credentials, from, to),
            pageNo,
            signal,
          )
          const rows = asList(body?.orderData as Row | Row[] | undefined)
            .flatMap(mapOrder)
            .filter((t) => t.occurredAt.getTime() >= start && t.occurredAt.getTime() < end)
          const done = more ? index + 1 - 1 / (pageNo + 1) : index + 1
          yield { rows, progress: done / windows.length }
          if (!more) break
        }
      }
    },

    async *hops(credentials, range, signal) {
      const days = daysBetween(range.from, range.to)
      for (const [index, day] of days.entries()) {
        const params: [string, string][] = [
          ['account', credentials.accountId],
          ['startDate', day],
          ['endDate', day],
          ['select', 'HOP_COUNT'],
        ]
        for (let pageNo = 1; ; pageNo++) {
          const { body, more } = await page(
            credentials,
            '/analytics/affiliate/vendor',
            params,
            pageNo,
            signal,
          )
          const result = (body?.rows ? body : (body?.analyticsResult as Row | undefined)) ?? {}
          const rows = asList((result.rows as Row | undefined)?.row as Row | Row[] | undefined)
            .map((row) => mapHops(row, day))
            .filter((row): row is ImportedHops => row !== null)
          yield { rows, progress: more ? (index + 0.5) / days.length : (index + 1) / days.length }
          if (!more) break
        }
      }
    },
  }
}

function listParams(credentials: Credentials, from: string, to: string): [string, string][] {
  return [
    ['startDate', from],
    ['endDate', to],
    ['role', 'AFFILIATE'],
    ['affiliate', credentials.accountId],
  ]
}

function checkAnswer(answer: Answer): NetworkError | null {
  if (answer.status === 403 && /rate|limit|too many|throttl|exceeded/i.test(answer.text)) {
    return new NetworkError(`${NAME}'s rate limit was reached; try again later`, true, 403)
  }
  const status = statusError(NAME, answer.status)
  if (status) return status
  if (answer.status !== 204 && answer.text.trim()) {
    try {
      JSON.parse(answer.text)
    } catch {
      return new NetworkError(`${NAME} sent an answer that could not be read`, true)
    }
  }
  return null
}

/** Consecutive windows of at most `size` days covering `from` to `to`. */
function splitDays(from: string, to: string, size: number): [string, string][] {
  const windows: [string, string][] = []
  for (let start = from; start <= to; start = addDays(start, size)) {
    const end = addDays(start, size - 1)
    windows.push([start, end < to ? end : to])
  }
  return windows
}

function mapOrder(row: Row): ImportedTransaction[] {
  const type = text(row.transactionType).toUpperCase()
  const kind = KINDS[type]
  const receipt = text(row.receipt)
  const occurredAt = parseNetworkTime(row.transactionTime, ZONE)
  if (!kind || !receipt || !occurredAt) return []
  const id = clickbankId(receipt, type, occurredAt)
  const vendor = text(row.vendor)
  const base = {
    kind,
    occurredAt,
    country: countryCode(row.country),
    currency: 'USD',
    ...(vendor ? { vendor: vendor.toLowerCase() } : {}),
  }
  const items = asList(row.lineItemData as Row | Row[] | undefined)
  if (items.length <= 1) {
    const item = items[0]
    const amount = money(item?.accountAmount ?? row.totalAccountAmount)
    if (amount === null) return []
    const product = text(item?.productTitle) || vendor || 'Unnamed product'
    return [{ ...base, externalId: id, product, amount }]
  }
  return items.flatMap((item, i) => {
    const amount = money(item.accountAmount)
    if (amount === null) return []
    const itemNo = text(item.itemNo) || String(i + 1)
    const product = text(item.productTitle) || vendor || 'Unnamed product'
    return [{ ...base, externalId: `${id}:${itemNo}`, product, amount }]
  })
}

/** receipt:TYPE, and for a rebill receipt:BILL:day (ClickBank's day). */
export function clickbankId(receipt: string, type: string, occurredAt: Date) {
  return type === 'BILL' ? `${receipt}:BILL:${dayInZone(occurredAt, ZONE)}` : `${receipt}:${type}`
}

function mapHops(row: Row, day: string): ImportedHops | null {
  const product = text(row.dimensionValue) || text(row.dimensionIdentifier)
  const entry = asList(row.data as Row | Row[] | undefined).find(
    (d) => text(d.attribute).toUpperCase() === 'HOP_COUNT',
  )
  if (!product || !entry) return null
  const raw = entry.value
  const value =
    typeof raw === 'object' && raw !== null ? ((raw as Row).$ ?? (raw as Row).value) : raw
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0) return null
  return { day, product, hops }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
}
