import { z } from 'zod/mini'

import { endpoint, envelope, messageSchema } from './contract'
import { networkAccountSchema, NETWORKS } from './network-account'

export * from './network-account'

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** The spec's query: affiliate id, a period (a month of a year, or the whole year), a product search. */
export const earningsQuerySchema = z.strictObject({
  affiliateid: z
    .string()
    .check(z.trim(), z.minLength(1, 'Choose an affiliate account'), z.maxLength(100)),
  year: z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))),
  month: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(12))),
  monthName: z.optional(z.enum(MONTH_NAMES)),
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(100, 'Search is at most 100 characters')),
  ),
})
export type EarningsQuery = z.input<typeof earningsQuerySchema>

const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/)) // exact decimal, as text

export const periodSchema = z.object({ from: z.iso.date(), to: z.iso.date() })

const totalsSchema = z.object({
  currency: z.string().check(z.length(3)),
  salesCount: z.int(),
  gross: money,
  refundsCount: z.int(),
  refunds: money,
  chargebacksCount: z.int(),
  chargebacks: money,
  net: money,
})

export const earningsSchema = z.object({
  period: periodSchema,
  /** One row per currency: amounts stay in the currency they were paid in. */
  totals: z.array(totalsSchema),
  daily: z.array(z.object({ date: z.iso.date(), currency: z.string(), net: money })),
  products: z.array(
    z.object({
      product: z.string(),
      currency: z.string(),
      salesCount: z.int(),
      net: money,
    }),
  ),
})
export type Earnings = z.infer<typeof earningsSchema>

export const countrySalesSchema = z.object({
  period: periodSchema,
  countries: z.array(
    z.object({
      code: z.string().check(z.length(2)),
      name: z.string(),
      currency: z.string(),
      salesCount: z.int(),
      amount: money,
    }),
  ),
})
export type CountrySales = z.infer<typeof countrySalesSchema>

export const hopDataSchema = z.object({
  period: periodSchema,
  hops: z.int(),
  sales: z.int(),
  /** Sales per hop, 0 without hops. */
  conversionRate: z.number(),
  earningsPerHop: z.array(z.object({ currency: z.string(), epc: money })),
  daily: z.array(z.object({ date: z.iso.date(), hops: z.int(), sales: z.int() })),
})
export type HopData = z.infer<typeof hopDataSchema>

const memberIdField = { member_id: z.optional(z.uuid('member_id: must be a member id')) }
const apiKeyField = z
  .string()
  .check(
    z.trim(),
    z.minLength(8, 'API key is at least 8 characters'),
    z.maxLength(200, 'API key is at most 200 characters'),
    z.regex(/^\S+$/, 'API key has no spaces'),
  )

/** ClickBank account nicknames: 5 to 10 letters and digits. */
export const clickbankNicknameSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(/^[a-z0-9]{5,10}$/, 'ClickBank nickname is 5 to 10 letters and digits'),
  )

/** Digistore24 affiliate ids: letters, digits, "_" and "-". */
export const digistoreIdSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9_-]{3,50}$/, 'Digistore24 id is 3 to 50 letters, digits, "_" or "-"'),
  )

export const accountParams = z.strictObject({ network: z.enum(NETWORKS) })

/** At most this many rejected rows are listed, each with its reason. */
export const CSV_REJECTIONS_LISTED = 100
export const CSV_MAX_BYTES = 20 * 1024 * 1024

export const csvImportResultSchema = z.object({
  added: z.int(),
  duplicates: z.int(),
  rejected: z.int(),
  rejections: z.array(z.object({ line: z.int(), reason: z.string() })),
})
export type CsvImportResult = z.infer<typeof csvImportResultSchema>

export const accounts = {
  createMemberInfo: endpoint({
    method: 'POST',
    path: '/creatememberinfo',
    access: 'member',
    summary:
      'Connect or change the own ClickBank account (an administrator: anyone’s); the key is stored encrypted',
    body: z.strictObject({
      ...memberIdField,
      nickname: clickbankNicknameSchema,
      /** Omitted: keep the stored key. */
      apiKey: z.optional(apiKeyField),
    }),
    response: envelope(networkAccountSchema),
  }),
  dgMemberInfo: endpoint({
    method: 'GET',
    path: '/dgmemberinfo',
    access: 'member',
    summary: 'The own Digistore24 account (an administrator: anyone’s), key masked',
    query: z.strictObject(memberIdField),
    response: envelope(z.object({ digistore24: z.nullable(networkAccountSchema) })),
  }),
  saveDgMemberInfo: endpoint({
    method: 'POST',
    path: '/dgmemberinfo',
    access: 'member',
    summary:
      'Connect or change the own Digistore24 account (an administrator: anyone’s); the key is stored encrypted',
    body: z.strictObject({
      ...memberIdField,
      affiliateId: digistoreIdSchema,
      apiKey: z.optional(apiKeyField),
    }),
    response: envelope(networkAccountSchema),
  }),
  account: endpoint({
    method: 'GET',
    path: '/earnings/accounts/:network',
    access: 'member',
    title: 'One network account',
    summary: 'One network account of the own (an administrator: anyone’s), with import progress',
    params: accountParams,
    query: z.strictObject(memberIdField),
    response: envelope(networkAccountSchema),
  }),
  testConnection: endpoint({
    method: 'POST',
    path: '/earnings/accounts/:network/test',
    access: 'member',
    title: 'Test the connection',
    summary: 'Call the network once with the stored key and say whether it answered',
    params: accountParams,
    body: z.strictObject(memberIdField),
    response: messageSchema,
  }),
  sync: endpoint({
    method: 'POST',
    path: '/earnings/accounts/:network/sync',
    access: 'member',
    summary: 'Start importing from the network now; poll the account for progress',
    params: accountParams,
    body: z.strictObject(memberIdField),
    response: envelope(networkAccountSchema),
  }),
  importCsv: endpoint({
    method: 'POST',
    path: '/earnings/accounts/:network/import',
    access: 'member',
    summary: 'Import a CSV export of the network; rows already stored are skipped',
    params: accountParams,
    body: z.strictObject(memberIdField),
    multipart: { file: 'file', maxBytes: CSV_MAX_BYTES },
    response: envelope(csvImportResultSchema),
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/earnings/accounts/:network',
    access: 'member',
    title: 'Disconnect a network account',
    summary: 'Disconnect a network account and delete the figures imported for it',
    params: accountParams,
    query: z.strictObject(memberIdField),
    response: messageSchema,
  }),
}

export const earnings = {
  profitEarning: endpoint({
    method: 'GET',
    path: '/profitearning',
    access: 'member',
    summary:
      'ClickBank earnings of an own affiliate account: totals per currency, daily, per product',
    query: earningsQuerySchema,
    response: envelope(earningsSchema),
  }),
  saleByCountry: endpoint({
    method: 'GET',
    path: '/salebycountry',
    access: 'member',
    summary: 'ClickBank sales of an own affiliate account by country',
    query: earningsQuerySchema,
    response: envelope(countrySalesSchema),
  }),
  hopData: endpoint({
    method: 'GET',
    path: '/hopdata',
    access: 'member',
    title: 'ClickBank hops',
    summary: 'ClickBank hops, sales, conversion and earnings per hop of an own affiliate account',
    query: earningsQuerySchema,
    response: envelope(hopDataSchema),
  }),
  dgEarning: endpoint({
    method: 'GET',
    path: '/dgearning',
    access: 'member',
    summary: 'Digistore24 earnings of an own affiliate id: totals per currency, daily, per product',
    query: earningsQuerySchema,
    response: envelope(earningsSchema),
  }),
  dgSaleByCountry: endpoint({
    method: 'GET',
    path: '/dgsalebycountry',
    access: 'member',
    summary: 'Digistore24 sales of an own affiliate id by country',
    query: earningsQuerySchema,
    response: envelope(countrySalesSchema),
  }),
}
