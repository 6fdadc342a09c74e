import { z } from 'zod'

import { endpoint, envelope } from './contract'

export const NETWORKS = ['clickbank', 'digistore24'] as const
export type Network = (typeof NETWORKS)[number]

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
  affiliateid: z.string().trim().min(1, 'Choose an affiliate account').max(100),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  monthName: z.enum(MONTH_NAMES).optional(),
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
})
export type EarningsQuery = z.input<typeof earningsQuerySchema>

const money = z.string().regex(/^-?\d+\.\d{2}$/) // exact decimal, as text

export const periodSchema = z.object({ from: z.iso.date(), to: z.iso.date() })

const totalsSchema = z.object({
  currency: z.string().length(3),
  salesCount: z.number().int(),
  gross: money,
  refundsCount: z.number().int(),
  refunds: money,
  chargebacksCount: z.number().int(),
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
      salesCount: z.number().int(),
      net: money,
    }),
  ),
})
export type Earnings = z.infer<typeof earningsSchema>

export const countrySalesSchema = z.object({
  period: periodSchema,
  countries: z.array(
    z.object({
      code: z.string().length(2),
      name: z.string(),
      currency: z.string(),
      salesCount: z.number().int(),
      amount: money,
    }),
  ),
})
export type CountrySales = z.infer<typeof countrySalesSchema>

export const hopDataSchema = z.object({
  period: periodSchema,
  hops: z.number().int(),
  sales: z.number().int(),
  /** Sales per hop, 0 without hops. */
  conversionRate: z.number(),
  earningsPerHop: z.array(z.object({ currency: z.string(), epc: money })),
  daily: z.array(z.object({ date: z.iso.date(), hops: z.number().int(), sales: z.number().int() })),
})
export type HopData = z.infer<typeof hopDataSchema>

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
