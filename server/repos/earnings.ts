import { and, eq, gte, ilike, lt, sql } from 'drizzle-orm'

import type { CountrySales, Earnings, HopData, Network } from '../../api-schemas/earnings'
import type { Db } from '../db/client'
import { hops, networkAccounts, transactions } from '../db/schema'
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

/** Sales add, refunds and chargebacks take away. */
const signed = sql`case when ${transactions.kind} = 'sale' then ${transactions.amount} else -${transactions.amount} end`
const money = (expr: ReturnType<typeof sql>) =>
  sql<string>`coalesce(${expr}, 0)::numeric(14,2)::text`
const utcDay = sql<string>`to_char(${transactions.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`

function inPeriod(accountRef: string, period: Period, search: string | undefined) {
  return and(
    eq(transactions.accountRef, accountRef),
    gte(transactions.occurredAt, new Date(`${period.from}T00:00:00Z`)),
    lt(transactions.occurredAt, dayAfter(period.to)),
    search ? ilike(transactions.product, `%${escapeLike(search)}%`) : undefined,
  )
}

export async function earningsOf(
  db: Db,
  accountRef: string,
  period: Period,
  search?: string,
): Promise<Earnings> {
  const where = inPeriod(accountRef, period, search)
  const count = (kind: string) =>
    sql<number>`(count(*) filter (where ${transactions.kind} = ${kind}))::int`
  const sum = (kind: string) =>
    money(sql`sum(${transactions.amount}) filter (where ${transactions.kind} = ${kind})`)
  const [totals, daily, products] = await Promise.all([
    db
      .select({
        currency: transactions.currency,
        salesCount: count('sale'),
        gross: sum('sale'),
        refundsCount: count('refund'),
        refunds: sum('refund'),
        chargebacksCount: count('chargeback'),
        chargebacks: sum('chargeback'),
        net: money(sql`sum(${signed})`),
      })
      .from(transactions)
      .where(where)
      .groupBy(transactions.currency)
      .orderBy(transactions.currency),
    db
      .select({ date: utcDay, currency: transactions.currency, net: money(sql`sum(${signed})`) })
      .from(transactions)
      .where(where)
      .groupBy(utcDay, transactions.currency)
      .orderBy(utcDay, transactions.currency),
    db
      .select({
        product: transactions.product,
        currency: transactions.currency,
        salesCount: count('sale'),
        net: money(sql`sum(${signed})`),
      })
      .from(transactions)
      .where(where)
      .groupBy(transactions.product, transactions.currency)
      .orderBy(sql`sum(${signed}) desc`, transactions.product),
  ])
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
  const rows = await db
    .select({
      code: transactions.country,
      currency: transactions.currency,
      salesCount: sql<number>`(count(*) filter (where ${transactions.kind} = 'sale'))::int`,
      amount: money(sql`sum(${signed})`),
    })
    .from(transactions)
    .where(inPeriod(accountRef, period, search))
    .groupBy(transactions.country, transactions.currency)
    .orderBy(sql`sum(${signed}) desc`, transactions.country)
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
    search ? ilike(hops.product, `%${escapeLike(search)}%`) : undefined,
  )
  const where = inPeriod(accountRef, period, search)
  const [hopDays, saleDays, nets] = await Promise.all([
    db
      .select({ date: hops.day, hops: sql<number>`sum(${hops.hops})::int` })
      .from(hops)
      .where(hopWhere)
      .groupBy(hops.day),
    db
      .select({ date: utcDay, sales: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(where, eq(transactions.kind, 'sale')))
      .groupBy(utcDay),
    db
      .select({ currency: transactions.currency, net: money(sql`sum(${signed})`) })
      .from(transactions)
      .where(where)
      .groupBy(transactions.currency)
      .orderBy(transactions.currency),
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
