import { and, eq, gte, ilike, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

import type { CountrySales, Earnings, HopData, Network } from '@schemas/earnings'

import type { Db } from '../db/client'
import { figuresDaily, figuresMonthlyCountry, hops, networkAccounts } from '../db/schema'
import { escapeLike } from './like'

export interface Period {
  /** First day, inclusive (YYYY-MM-DD). */
  from: string
  /** Last day, inclusive (YYYY-MM-DD). */
  to: string
}

export async function findAccount(db: Db, network: Network, accountId: string) {
  const [row] = await db
    .select()
    .from(networkAccounts)
    .where(and(eq(networkAccounts.network, network), eq(networkAccounts.accountId, accountId)))
    .limit(1)
  return row
}

const dayAfter = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d
}

const money = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::numeric(14,2)::text`
const isoDay = (day: SQLWrapper) => sql<string>`to_char(${day}, 'YYYY-MM-DD')`

/** Both drivers answer a raw query with `{ rows }`. */
const rowsOf = async <T>(query: PromiseLike<unknown>) => ((await query) as { rows: T[] }).rows

/** The product search, on summary rows (one per product and day or month at most). */
const productMatches = (column: AnyPgColumn, search?: string) =>
  search ? ilike(column, `%${escapeLike(search)}%`) : undefined

/** The period's rows of `figures_daily` (sums per UTC day, kind, currency and product). */
const dailyWhere = (accountRef: string, period: Period, search?: string) =>
  and(
    eq(figuresDaily.accountRef, accountRef),
    gte(figuresDaily.day, period.from),
    lte(figuresDaily.day, period.to),
    productMatches(figuresDaily.product, search),
  )

/** Sales add, refunds and chargebacks take away. */
const netOf = (amount: SQLWrapper, kind: SQLWrapper) =>
  sql`sum(case when ${kind} = 'sale' then ${amount} else -${amount} end)`
const dailyNet = netOf(figuresDaily.amount, figuresDaily.kind)
const countOf = (kind: string) =>
  sql<number>`coalesce(sum(n) filter (where kind = ${kind}), 0)::int`
const sumOf = (kind: string) => money(sql`sum(amount) filter (where kind = ${kind})`)

/**
 * A year is a few thousand summary rows; the daily series is read on its own with only the columns
 * it needs (returning rows costs more than summing them, above all in PGlite).
 */
const dailyNets = (db: Db, accountRef: string, period: Period, search?: string) =>
  db
    .select({
      date: isoDay(figuresDaily.day),
      currency: figuresDaily.currency,
      net: money(dailyNet),
    })
    .from(figuresDaily)
    .where(dailyWhere(accountRef, period, search))
    .groupBy(figuresDaily.day, figuresDaily.currency)
    .orderBy(figuresDaily.day, figuresDaily.currency)

interface SumsRow {
  /** grouping(product): 0 a product, 1 a currency total. */
  part: number
  product: string | null
  currency: string
  salesCount: number
  gross: string
  refundsCount: number
  refunds: string
  chargebacksCount: number
  chargebacks: string
  net: string
}

export async function earningsOf(
  db: Db,
  accountRef: string,
  period: Period,
  search?: string,
): Promise<Earnings> {
  const net = netOf(sql`amount`, sql`kind`)
  const [daily, sums] = await Promise.all([
    dailyNets(db, accountRef, period, search),
    // Per product, kind and currency first (a few dozen rows), then products and totals of those.
    rowsOf<SumsRow>(
      db.execute(sql`
        with p as (
          select ${figuresDaily.product} as product, ${figuresDaily.kind} as kind,
                 ${figuresDaily.currency} as currency, sum(${figuresDaily.count}) as n,
                 sum(${figuresDaily.amount}) as amount
          from ${figuresDaily}
          where ${dailyWhere(accountRef, period, search)}
          group by 1, 2, 3)
        select grouping(product)::int as part, product, currency,
               ${countOf('sale')} as "salesCount", ${sumOf('sale')} as gross,
               ${countOf('refund')} as "refundsCount", ${sumOf('refund')} as refunds,
               ${countOf('chargeback')} as "chargebacksCount",
               ${sumOf('chargeback')} as chargebacks, ${money(net)} as net
        from p
        group by grouping sets ((product, currency), (currency))
        order by part, case when grouping(product) = 0 then ${net} end desc, product, currency`),
    ),
  ])
  const totals: Earnings['totals'] = []
  const products: Earnings['products'] = []
  for (const { part, product, salesCount, ...r } of sums) {
    if (part === 0) {
      products.push({ product: product!, currency: r.currency, salesCount, net: r.net })
    } else {
      totals.push({
        currency: r.currency,
        salesCount,
        gross: r.gross,
        refundsCount: r.refundsCount,
        refunds: r.refunds,
        chargebacksCount: r.chargebacksCount,
        chargebacks: r.chargebacks,
        net: r.net,
      })
    }
  }
  return { period, totals, daily, products }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })
const countryName = (code: string) => {
  if (code === 'ZZ') return 'Unknown'
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

export async function salesByCountry(
  db: Db,
  accountRef: string,
  period: Period,
  search?: string,
): Promise<CountrySales> {
  // Kept per month: a period of whole months, as every figures request asks for, reads it exactly.
  const from = new Date(`${period.from}T00:00:00Z`)
  if (from.getUTCDate() !== 1 || dayAfter(period.to).getUTCDate() !== 1) {
    throw new Error(`Sales by country need whole months, not ${period.from} to ${period.to}`)
  }
  const f = figuresMonthlyCountry
  const signed = netOf(f.amount, f.kind)
  const rows = await rowsOf<{ code: string; currency: string; salesCount: number; amount: string }>(
    db.execute(sql`
      select ${f.country} as code, ${f.currency} as currency,
             coalesce(sum(${f.count}) filter (where ${f.kind} = 'sale'), 0)::int as "salesCount",
             ${money(signed)} as amount
      from ${f}
      where ${and(
        eq(f.accountRef, accountRef),
        gte(f.month, period.from),
        lte(f.month, period.to),
        productMatches(f.product, search),
      )}
      group by ${f.country}, ${f.currency}
      order by ${signed} desc, ${f.country}, ${f.currency}`),
  )
  return { period, countries: rows.map((r) => ({ ...r, name: countryName(r.code) })) }
}

export async function hopDataOf(
  db: Db,
  accountRef: string,
  period: Period,
  search?: string,
): Promise<HopData> {
  const hopWhere = and(
    eq(hops.accountRef, accountRef),
    gte(hops.day, period.from),
    lt(hops.day, dayAfter(period.to).toISOString().slice(0, 10)),
    productMatches(hops.product, search),
  )
  const [hopDays, saleDays, nets] = await Promise.all([
    db
      .select({ date: hops.day, hops: sql<number>`sum(${hops.hops})::int` })
      .from(hops)
      .where(hopWhere)
      .groupBy(hops.day),
    // Sales per day, and net per currency, from the daily sums.
    db
      .select({
        date: isoDay(figuresDaily.day),
        sales: sql<number>`sum(${figuresDaily.count})::int`,
      })
      .from(figuresDaily)
      .where(and(dailyWhere(accountRef, period, search), eq(figuresDaily.kind, 'sale')))
      .groupBy(figuresDaily.day),
    db
      .select({ currency: figuresDaily.currency, net: money(dailyNet) })
      .from(figuresDaily)
      .where(dailyWhere(accountRef, period, search))
      .groupBy(figuresDaily.currency)
      .orderBy(figuresDaily.currency),
  ])
  const days = new Map<string, { date: string; hops: number; sales: number }>()
  for (const d of hopDays) days.set(d.date, { date: d.date, hops: d.hops, sales: 0 })
  for (const d of saleDays) {
    days.set(d.date, { date: d.date, hops: days.get(d.date)?.hops ?? 0, sales: d.sales })
  }
  const daily = [...days.values()].sort((a, b) => a.date.localeCompare(b.date))
  const totalHops = daily.reduce((n, d) => n + d.hops, 0)
  const totalSales = daily.reduce((n, d) => n + d.sales, 0)
  return {
    period,
    hops: totalHops,
    sales: totalSales,
    conversionRate: totalHops ? totalSales / totalHops : 0,
    // Cents divided in integers, so the figure is exact to the cent.
    earningsPerHop: nets.map(({ currency, net }) => ({
      currency,
      epc: totalHops ? centsToMoney(Math.round(moneyToCents(net) / totalHops)) : '0.00',
    })),
    daily,
  }
}

export const moneyToCents = (text: string) => {
  const negative = text.startsWith('-')
  const [whole, fraction = '0'] = text.replace('-', '').split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))
  return negative ? -cents : cents
}

export const centsToMoney = (cents: number) => {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
