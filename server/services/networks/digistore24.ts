/**
 * Digistore24 connector: the `listTransactions` call of the Digistore24 API.
 *
 * Request: `POST {baseUrl}/listTransactions/format/json`, form-encoded, key in `X-DS-API-KEY`,
 * parameters `from`, `to` ("YYYY-MM-DD HH:MM:SS"), `search[role]=affiliate`, `page_no` (from 1),
 * `page_size` (1000, the most allowed).
 *
 * Answer: `{ api_version, current_time, result, message?, data }`; any `result` other than
 * "success" is an error, also with HTTP 200. The fields read from `data`:
 * - `page_no`, `page_count`, `item_count`: paging;
 * - `transaction_list`: the transactions, each with `id`, `created_at`, `transaction_type`
 *   (payment, refund, chargeback; others such as payouts are skipped), `currency`,
 *   `earned_amount` (what this account earned: negative for refunds and chargebacks),
 *   `product_name` and `buyer_country`. Also read when those are missing: `transaction_id`,
 *   `transaction_date`, `type`, `transaction_currency`, `amount_affiliate`, `affiliate_amount`,
 *   `main_product_name`, `address_country`, `country`.
 *
 * Times: Digistore24 gives times without an offset, in the account's local time. The offset is
 * read from the envelope's `current_time` (compared with the answer's Date header): when it is
 * Berlin's offset at that moment, times follow Europe/Berlin with its summer time; otherwise
 * that fixed offset. Times that carry an offset are taken as given. To cover whole UTC days in
 * any zone the call asks for one more day on each side and keeps what falls in the range.
 *
 * Digistore24 has no hop figures: `hops()` yields nothing.
 */
import type { Network } from '@schemas/earnings'

import {
  addDays,
  asList,
  countryCode,
  createHttpClient,
  money,
  parseJson,
  parseNetworkTime,
  statusError,
  zoneOffset,
  type Answer,
  type Zone,
} from './http'
import {
  NetworkError,
  type Connector,
  type ConnectorOptions,
  type Credentials,
  type DateRange,
  type ImportedTransaction,
} from './types'

const NAME = 'Digistore24'
const PAGE_SIZE = 1000
const HOME_ZONE = 'Europe/Berlin'

interface Envelope {
  api_version?: unknown
  current_time?: unknown
  result?: unknown
  message?: unknown
  data?: unknown
}

type Row = Record<string, unknown>

const KINDS: Record<string, ImportedTransaction['kind']> = {
  payment: 'sale',
  sale: 'sale',
  refund: 'refund',
  chargeback: 'chargeback',
}

export function digistore24Connector(options: ConnectorOptions): Connector {
  const keys = new Set<string>()
  const http = createHttpClient({
    ...options,
    name: NAME,
    check: checkAnswer,
    secrets: () => [...keys],
  })

  async function call(
    credentials: Credentials,
    fn: string,
    params: Record<string, string>,
    signal?: AbortSignal,
  ) {
    keys.add(credentials.apiKey)
    const answer = await http.request({
      url: `${options.baseUrl}/${fn}/format/json`,
      method: 'POST',
      headers: {
        'X-DS-API-KEY': credentials.apiKey,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(params).toString(),
      signal,
    })
    const envelope = parseJson(NAME, answer.text) as Envelope
    const data = (envelope.data ?? {}) as Row
    return { envelope, data, zone: accountZone(envelope, answer) }
  }

  const network: Network = 'digistore24'
  return {
    network,

    async test(credentials, signal) {
      const today = new Date().toISOString().slice(0, 10)
      await call(
        credentials,
        'listTransactions',
        { from: `${today} 00:00:00`, to: `${today} 23:59:59`, page_no: '1', page_size: '1' },
        signal,
      )
    },

    async *transactions(credentials, range, signal) {
      const start = Date.parse(`${range.from}T00:00:00Z`)
      const end = Date.parse(`${addDays(range.to, 1)}T00:00:00Z`)
      for (let page = 1; ; page++) {
        const { data, zone } = await call(
          credentials,
          'listTransactions',
          requestParams(range, page),
          signal,
        )
        const list = asList(data.transaction_list as Row | Row[] | undefined)
        const rows: ImportedTransaction[] = []
        for (const row of list) {
          const transaction = mapRow(row, zone)
          if (!transaction) continue
          const at = transaction.occurredAt.getTime()
          if (at >= start && at < end) rows.push(transaction)
        }
        const pageCount = count(data.page_count) ?? pagesFromItems(data.item_count)
        const more = pageCount !== undefined ? page < pageCount : list.length >= PAGE_SIZE
        yield { rows, progress: more && pageCount ? page / pageCount : 1 }
        if (!more) return
      }
    },

    // eslint-disable-next-line require-yield
    async *hops() {
      return
    },
  }
}

function requestParams(range: DateRange, page: number): Record<string, string> {
  return {
    from: `${addDays(range.from, -1)} 00:00:00`,
    to: `${addDays(range.to, 1)} 23:59:59`,
    'search[role]': 'affiliate',
    sort_by: 'date',
    sort_order: 'asc',
    page_no: String(page),
    page_size: String(PAGE_SIZE),
  }
}

function checkAnswer(answer: Answer): NetworkError | null {
  const status = statusError(NAME, answer.status)
  if (status) return status
  let envelope: Envelope
  try {
    envelope = JSON.parse(answer.text) as Envelope
  } catch {
    return new NetworkError(`${NAME} sent an answer that could not be read`, true)
  }
  if (typeof envelope !== 'object' || envelope === null) {
    return new NetworkError(`${NAME} sent an answer that could not be read`, true)
  }
  if (envelope.result === 'success') return null
  const message = typeof envelope.message === 'string' ? envelope.message.trim() : ''
  if (/api.?key|unauthori[sz]ed|permission|access denied|forbidden|not allowed/i.test(message)) {
    return new NetworkError(`${NAME} refused the API key`, false)
  }
  if (/rate|too many|try again|temporar|maintenance|overload/i.test(message)) {
    return new NetworkError(
      `${NAME} is busy (${message || 'no reason given'}); try again later`,
      true,
    )
  }
  return new NetworkError(`${NAME} reported an error: ${message || 'no reason given'}`, false)
}

/** The zone of the account's times, from the envelope's clock (see the top of this file). */
function accountZone(envelope: Envelope, answer: Answer): Zone {
  const local = parseNetworkTime(envelope.current_time, 0)
  if (!local) return HOME_ZONE
  const dated = Date.parse(answer.headers.get('date') ?? '')
  const now = Number.isNaN(dated) ? Date.now() : dated
  const offset = Math.round((local.getTime() - now) / 900_000) * 15
  return offset === zoneOffset(HOME_ZONE, now) ? HOME_ZONE : offset
}

function mapRow(row: Row, zone: Zone): ImportedTransaction | null {
  const type = text(row.transaction_type ?? row.type).toLowerCase()
  const kind = KINDS[type]
  if (!kind) return null
  const externalId = text(row.id ?? row.transaction_id)
  const occurredAt = parseNetworkTime(row.created_at ?? row.transaction_date, zone)
  const amount = money(row.earned_amount ?? row.amount_affiliate ?? row.affiliate_amount)
  const currency = text(row.currency ?? row.transaction_currency).toUpperCase()
  if (!externalId || !occurredAt || amount === null || !/^[A-Z]{3}$/.test(currency)) return null
  return {
    externalId,
    kind,
    occurredAt,
    product: text(row.product_name ?? row.main_product_name) || 'Unnamed product',
    country: countryCode(row.buyer_country ?? row.address_country ?? row.country),
    amount,
    currency,
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
}

function count(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined
}

function pagesFromItems(value: unknown) {
  const items = count(value)
  return items === undefined ? undefined : Math.ceil(items / PAGE_SIZE)
}
