/**
 * Reads the transaction exports members download from their networks.
 *
 * Both kinds of file may start with a byte order mark, use commas, semicolons or tabs between
 * fields, quote fields, write amounts with a decimal comma or dot (with or without thousands
 * separators and currency signs), and carry a few lines before the header row. Header names
 * are matched without regard to case, spaces, "_", "-", "." or "#". Accepted headers per column,
 * the first present one wins:
 *
 * ClickBank (transactions / orders export):
 * - date (required): Transaction Date, Date, Transaction Time, Time, Order Date — ISO 8601,
 *   "2026-10-05 14:22:10" or "10/05/2026 2:22 PM"; times without an offset are Pacific time
 * - receipt (required): Receipt, Receipt No, Receipt Number, Receipt ID, Order ID, Order Number
 * - type (required): Transaction Type, Txn Type, Type, Action — SALE/Sale, BILL/Rebill,
 *   RFND/Refund, CGBK/Chargeback
 * - amount (required): Account Amount, Your Amount, Your Earnings, Earnings, Commission,
 *   Net Amount, Amount, Amount (USD)
 * - product (required, Vendor is used when missing): Product Title, Product, Product Name,
 *   Item Title, Title
 * - item: Item, Item No, Item Number, SKU — told apart line items of one receipt
 * - currency: Currency, Account Currency (default USD)
 * - country: Customer Country, Country, Billing Country, Country Code (default ZZ)
 *
 * Digistore24 (transactions export):
 * - transaction id (required): Transaction ID, Transaktions-ID, ID
 * - date (required): Date, Created At, Transaction Date, Datum — ISO 8601,
 *   "2026-10-05 14:22:10" or "05.10.2026 14:22"; times without an offset are Berlin time
 * - type (required): Transaction Type, Type, Typ, Art, Transaktionsart — payment/Zahlung/sale,
 *   refund/Erstattung, chargeback/Rücklastschrift
 * - amount (required): Earned Amount, Your Earnings, Earnings, Your Commission, Commission,
 *   Affiliate Amount, Amount Affiliate, Provision, Ihre Provision, Amount, Betrag
 * - product (required): Product, Product Name, Produkt, Produktname, Main Product
 * - currency: Currency, Währung (default EUR)
 * - country: Country, Buyer Country, Address Country, Land (default ZZ)
 *
 * External ids are the ones the API connectors give the same transactions, so a file and an
 * import from the API never count a transaction twice: ClickBank receipt + ":" + type code (a
 * rebill also + ":" + its ClickBank day; + ":" + item when the file has several lines for one
 * receipt and type), the Digistore24 transaction id. Amounts are taken as positive values.
 */
import { parse } from 'csv-parse/sync'

import type { Network } from '@schemas/earnings'

import { clickbankId } from './clickbank'
import { countryCode, money, parseNetworkTime, wallTime, type Zone } from './http'
import type { ImportedTransaction } from './types'

/** The file cannot be read as the network's export at all. */
export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CsvFormatError'
  }
}

export interface CsvRejection {
  line: number
  reason: string
}

export interface CsvParseResult {
  rows: Array<ImportedTransaction & { line: number }>
  rejections: CsvRejection[]
}

type Column =
  'id' | 'date' | 'type' | 'amount' | 'product' | 'item' | 'currency' | 'country' | 'vendor'

interface Layout {
  name: string
  labels: Partial<Record<Column, string>>
  aliases: Partial<Record<Column, string[]>>
  required: Column[]
  types: Record<string, { kind: ImportedTransaction['kind']; code: string }>
  currency: string
  zone: Zone
  /** Whether "01/02/2026" is the 1st of February. */
  slashDayFirst: boolean
}

const CLICKBANK: Layout = {
  name: 'ClickBank',
  labels: {
    id: 'receipt',
    date: 'date',
    type: 'transaction type',
    amount: 'amount',
    product: 'product title',
  },
  aliases: {
    date: ['transaction date', 'date', 'transaction time', 'time', 'order date'],
    id: ['receipt', 'receipt no', 'receipt number', 'receipt id', 'order id', 'order number'],
    type: ['transaction type', 'txn type', 'type', 'action'],
    amount: [
      'account amount',
      'your amount',
      'your earnings',
      'earnings',
      'commission',
      'net amount',
      'amount',
      'amount usd',
    ],
    product: ['product title', 'product', 'product name', 'item title', 'title'],
    item: ['item', 'item no', 'item number', 'sku'],
    currency: ['currency', 'account currency'],
    country: ['customer country', 'country', 'billing country', 'country code'],
    vendor: ['vendor', 'vendor nickname'],
  },
  required: ['date', 'id', 'type', 'amount', 'product'],
  types: {
    sale: { kind: 'sale', code: 'SALE' },
    bill: { kind: 'sale', code: 'BILL' },
    rebill: { kind: 'sale', code: 'BILL' },
    rfnd: { kind: 'refund', code: 'RFND' },
    refund: { kind: 'refund', code: 'RFND' },
    cgbk: { kind: 'chargeback', code: 'CGBK' },
    chargeback: { kind: 'chargeback', code: 'CGBK' },
    'charge back': { kind: 'chargeback', code: 'CGBK' },
  },
  currency: 'USD',
  zone: 'America/Los_Angeles',
  slashDayFirst: false,
}

const DIGISTORE24: Layout = {
  name: 'Digistore24',
  labels: {
    id: 'transaction id',
    date: 'date',
    type: 'type',
    amount: 'amount',
    product: 'product',
  },
  aliases: {
    id: ['transaction id', 'transaktions id', 'transaktion id', 'id'],
    date: ['date', 'created at', 'created', 'transaction date', 'datum'],
    type: ['transaction type', 'type', 'typ', 'art', 'transaktionsart'],
    amount: [
      'earned amount',
      'your earnings',
      'earnings',
      'your commission',
      'commission',
      'affiliate amount',
      'amount affiliate',
      'provision',
      'ihre provision',
      'amount',
      'betrag',
    ],
    product: ['product', 'product name', 'produkt', 'produktname', 'main product'],
    currency: ['currency', 'währung', 'waehrung'],
    country: ['country', 'buyer country', 'address country', 'land'],
  },
  required: ['id', 'date', 'type', 'amount', 'product'],
  types: {
    payment: { kind: 'sale', code: 'payment' },
    sale: { kind: 'sale', code: 'payment' },
    zahlung: { kind: 'sale', code: 'payment' },
    verkauf: { kind: 'sale', code: 'payment' },
    refund: { kind: 'refund', code: 'refund' },
    erstattung: { kind: 'refund', code: 'refund' },
    rückerstattung: { kind: 'refund', code: 'refund' },
    rueckerstattung: { kind: 'refund', code: 'refund' },
    chargeback: { kind: 'chargeback', code: 'chargeback' },
    rücklastschrift: { kind: 'chargeback', code: 'chargeback' },
    ruecklastschrift: { kind: 'chargeback', code: 'chargeback' },
    rückbuchung: { kind: 'chargeback', code: 'chargeback' },
  },
  currency: 'EUR',
  zone: 'Europe/Berlin',
  slashDayFirst: true,
}

const LAYOUTS: Record<Network, Layout> = { clickbank: CLICKBANK, digistore24: DIGISTORE24 }

/** How many records may come before the header row. */
const HEADER_SEARCH = 10

export function parseNetworkCsv(network: Network, text: string): CsvParseResult {
  const layout = LAYOUTS[network]
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  if (!source.trim()) throw new CsvFormatError(`The ${layout.name} file is empty`)
  const delimiter = guessDelimiter(source)
  const rejections: CsvRejection[] = []
  const records = parse(source, {
    delimiter,
    info: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = error && 'lines' in error ? Number(error.lines) : 0
      const reason =
        error?.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted field is never closed, so the rest of the file cannot be read'
          : 'the line cannot be read as CSV'
      rejections.push({ line, reason: `line ${line}: ${reason}` })
      return undefined
    },
  }) as unknown as { record: string[]; info: { lines: number }; raw: string }[]

  const { columns, headerIndex } = findHeader(layout, records)
  const rows: CsvParseResult['rows'] = []
  for (const { record, info, raw } of records.slice(headerIndex + 1)) {
    const line = info.lines - (raw.replace(/\n$/, '').match(/\n/g)?.length ?? 0)
    const cell = (column: Column) => {
      const index = columns[column]
      return index === undefined ? '' : (record[index] ?? '').trim()
    }
    const result = readRow(layout, cell, delimiter)
    if (typeof result === 'string') rejections.push({ line, reason: `line ${line}: ${result}` })
    else rows.push({ ...result, line })
  }

  if (network === 'clickbank') separateLineItems(rows, records, columns, headerIndex)
  rejections.sort((a, b) => a.line - b.line)
  return { rows, rejections }
}

/** The most frequent of comma, semicolon and tab in the first line that has any. */
function guessDelimiter(source: string) {
  const first = source.split('\n').find((l) => /[,;\t]/.test(l)) ?? ''
  const outside = first.replace(/"[^"]*"/g, '')
  const counts = [',', ';', '\t'].map((d) => [d, outside.split(d).length - 1] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0]![1] > 0 ? counts[0]![0] : ','
}

function normalizeHeader(value: string) {
  return value
    .toLowerCase()
    .replace(/[_\-.#:()/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function findHeader(layout: Layout, records: { record: string[] }[]) {
  let best: { columns: Partial<Record<Column, number>>; missing: Column[]; index: number } | null =
    null
  for (const [index, { record }] of records.slice(0, HEADER_SEARCH).entries()) {
    const headers = record.map(normalizeHeader)
    const columns: Partial<Record<Column, number>> = {}
    for (const [column, aliases] of Object.entries(layout.aliases) as [Column, string[]][]) {
      for (const alias of aliases) {
        const at = headers.indexOf(alias)
        if (at >= 0) {
          columns[column] = at
          break
        }
      }
    }
    if (columns.product === undefined && columns.vendor !== undefined) {
      columns.product = columns.vendor
    }
    const missing = layout.required.filter((c) => columns[c] === undefined)
    if (missing.length === 0) return { columns, headerIndex: index }
    if (!best || missing.length < best.missing.length) best = { columns, missing, index }
  }
  const missing = best?.missing ?? layout.required
  const names = missing.map((c) => `"${layout.labels[c] ?? c}"`).join(', ')
  throw new CsvFormatError(
    `This does not look like a ${layout.name} export: no column for ${names}`,
  )
}

function readRow(
  layout: Layout,
  cell: (column: Column) => string,
  delimiter: string,
): ImportedTransaction | string {
  const externalId = cell('id')
  if (!externalId) return `${layout.labels.id} is missing`
  const typeText = cell('type')
  const type = layout.types[typeText.toLowerCase().replace(/\s+/g, ' ')]
  if (!typeText) return 'transaction type is missing'
  if (!type) return `transaction type "${typeText}" is not a sale, refund or chargeback`
  const dateText = cell('date')
  if (!dateText) return 'date is missing'
  const occurredAt = parseDate(dateText, layout)
  if (!occurredAt) return `date "${dateText}" is not a date`
  const amountText = cell('amount')
  if (!amountText) return 'amount is missing'
  const amount = parseAmount(amountText, delimiter)
  if (amount === null) return `amount "${amountText}" is not a number`
  const product = cell('product') || cell('vendor')
  if (!product) return 'product is missing'
  const currency = currencyCode(cell('currency')) ?? (cell('currency') ? null : layout.currency)
  if (!currency) return `currency "${cell('currency')}" is not a currency code`
  const countryText = cell('country')
  return {
    externalId: layout === CLICKBANK ? clickbankId(externalId, type.code, occurredAt) : externalId,
    kind: type.kind,
    occurredAt,
    product,
    country: countryText ? countryCode(countryText) : 'ZZ',
    amount,
    currency,
    ...(cell('vendor') ? { vendor: cell('vendor').toLowerCase() } : {}),
  }
}

/**
 * Several lines for one receipt and type are line items of one order: their ids get the item
 * number (or the product) appended, as the API connector does.
 */
function separateLineItems(
  rows: CsvParseResult['rows'],
  records: { record: string[]; info: { lines: number }; raw: string }[],
  columns: Partial<Record<Column, number>>,
  headerIndex: number,
) {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.externalId, (counts.get(row.externalId) ?? 0) + 1)
  const itemByLine = new Map<number, string>()
  if (columns.item !== undefined) {
    for (const { record, info, raw } of records.slice(headerIndex + 1)) {
      const line = info.lines - (raw.replace(/\n$/, '').match(/\n/g)?.length ?? 0)
      itemByLine.set(line, (record[columns.item] ?? '').trim())
    }
  }
  for (const row of rows) {
    if ((counts.get(row.externalId) ?? 0) < 2) continue
    row.externalId = `${row.externalId}:${itemByLine.get(row.line) || row.product}`
  }
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' }

function currencyCode(value: string): string | null {
  const text = value.trim()
  if (SYMBOLS[text]) return SYMBOLS[text]
  return /^[A-Za-z]{3}$/.test(text) ? text.toUpperCase() : null
}

/**
 * An amount as written in a spreadsheet export: "1,234.56", "1.234,56", "-12,50 €",
 * "($27.43)", "USD 27.43". With a semicolon delimiter a lone comma is the decimal mark.
 */
export function parseAmount(value: string, delimiter = ','): string | null {
  const cleaned = value.replace(/[\s\u00a0'’]/g, '').replace(/^\((.*)\)$/, '$1')
  const body = cleaned
    .replace(/^[-+]?(?:[A-Za-z]{3}|[€$£¥])?[-+]?/, '')
    .replace(/(?:[A-Za-z]{3}|[€$£¥])$/, '')
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return null
  let number = body
  const comma = body.lastIndexOf(',')
  const dot = body.lastIndexOf('.')
  if (comma >= 0 && dot >= 0) {
    number = comma > dot ? body.replace(/\./g, '').replace(',', '.') : body.replace(/,/g, '')
  } else if (comma >= 0) {
    const thousands = /^\d{1,3}(,\d{3})+$/.test(body) && (delimiter !== ';' || /,.*,/.test(body))
    number = thousands ? body.replace(/,/g, '') : body.replace(',', '.')
  } else if (dot >= 0 && delimiter === ';' && /^\d{1,3}(\.\d{3})+$/.test(body)) {
    number = body.replace(/\./g, '')
  }
  if ((number.match(/[.,]/g)?.length ?? 0) > 1) return null
  return money(number)
}

/** ISO dates, "DD.MM.YYYY", "MM/DD/YYYY" (or day first, per network), each with an optional time. */
function parseDate(value: string, layout: Layout): Date | null {
  const iso = parseNetworkTime(value, layout.zone)
  if (iso) return iso
  const match =
    /^(\d{1,2})([./])(\d{1,2})\2(\d{4}|\d{2})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/.exec(
      value.trim(),
    )
  if (!match) return null
  const [, a, separator, b, y, h = '0', mi = '0', s = '0', meridiem] = match
  const dayFirst = separator === '.' || layout.slashDayFirst
  let [day, month] = dayFirst ? [Number(a), Number(b)] : [Number(b), Number(a)]
  if (month > 12 && day <= 12) [day, month] = [month, day]
  const year = y!.length === 2 ? 2000 + Number(y) : Number(y)
  let hour = Number(h)
  if (meridiem) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (/p/i.test(meridiem) ? 12 : 0)
  }
  return wallTime(year, month, day, hour, Number(mi), Number(s), layout.zone)
}
