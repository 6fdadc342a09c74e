import { and, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { expect } from 'vitest'

import type { CountrySales, Earnings, HopData } from '@schemas/earnings'

import type { Db } from '../../server/db/client'
import { figuresDaily, figuresMonthlyCountry, hops, transactions } from '../../server/db/schema'
import { centsToMoney, moneyToCents, type Period } from '../../server/repos/earnings'
import { escapeLike } from '../../server/repos/like'

/** Summary rows as the triggers should have them: grouped straight from the transactions. */
export async function expectSummariesMatch(db: Db) {
  const tx = transactions
  const direct = (keys: (SQL | AnyPgColumn)[]) =>
    db
      .select({
        keys: sql<string>`concat_ws('|', ${sql.join(keys, sql`, `)})`,
        count: sql<number>`count(*)::int`,
        amount: sql<string>`sum(${tx.amount})::text`,
      })
      .from(tx)
      .groupBy(...keys)
      .orderBy(sql`1`)
  const kept = (table: typeof figuresDaily | typeof figuresMonthlyCountry, keys: SQL[]) =>
    db
      .select({
        keys: sql<string>`concat_ws('|', ${sql.join(keys, sql`, `)})`,
        count: table.count,
        amount: sql<string>`${table.amount}::text`,
      })
      .from(table)
      .orderBy(sql`1`)
  const d = figuresDaily
  expect(
    await kept(d, [
      sql`${d.accountRef}`,
      sql`${d.day}::text`,
      sql`${d.kind}`,
      sql`${d.currency}`,
      sql`${d.product}`,
    ]),
  ).toEqual(
    await direct([
      tx.accountRef,
      sql`(${tx.occurredAt} at time zone 'UTC')::date::text`,
      tx.kind,
      tx.currency,
      tx.product,
    ]),
  )
  const m = figuresMonthlyCountry
  expect(
    await kept(m, [
      sql`${m.accountRef}`,
      sql`${m.month}::text`,
      sql`${m.kind}`,
      sql`${m.currency}`,
      sql`${m.product}`,
      sql`${m.country}`,
    ]),
  ).toEqual(
    await direct([
      tx.accountRef,
      sql`date_trunc('month', ${tx.occurredAt} at time zone 'UTC')::date::text`,
      tx.kind,
      tx.currency,
      tx.product,
      tx.country,
    ]),
  )
}

/**
 * The figures aggregated straight from `transactions`, as they were read before the summary
 * tables: the oracle the summary-based queries must agree with.
 */
export const direct = (() => {
  const utcDay = sql`date_bin('1 day', ${transactions.occurredAt}, timestamptz '2000-01-01 00:00:00+00')`
  const isoDay = sql`to_char(day at time zone 'UTC', 'YYYY-MM-DD')`
  const money = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::numeric(14,2)::text`
  const net = sql`sum(case when kind = 'sale' then amount else -amount end)`
  const countOf = (kind: string) => sql`coalesce(sum(n) filter (where kind = ${kind}), 0)::int`
  const sumOf = (kind: string) => money(sql`sum(amount) filter (where kind = ${kind})`)
  const after = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() + 1)
    return d.toISOString()
  }
  const rowsOf = async <T>(query: PromiseLike<unknown>) => ((await query) as { rows: T[] }).rows
  const inPeriod = (ref: string, period: Period, search?: string) =>
    and(
      eq(transactions.accountRef, ref),
      gte(transactions.occurredAt, new Date(`${period.from}T00:00:00Z`)),
      lt(transactions.occurredAt, new Date(after(period.to))),
      search ? ilike(transactions.product, `%${escapeLike(search)}%`) : undefined,
    )
  const dailySums = (ref: string, period: Period, search?: string) => sql`
    select ${utcDay} as day, kind, currency, product, count(*) as n, sum(amount) as amount
    from ${transactions} where ${inPeriod(ref, period, search)} group by 1, 2, 3, 4`

  async function earnings(db: Db, ref: string, period: Period, search?: string) {
    const rows = await rowsOf<Record<string, string | number> & { part: number }>(
      db.execute(sql`
        with f as (${dailySums(ref, period, search)})
        select grouping(day, product)::int as part, ${isoDay} as date, product, currency,
               ${countOf('sale')} as "salesCount", ${sumOf('sale')} as gross,
               ${countOf('refund')} as "refundsCount", ${sumOf('refund')} as refunds,
               ${countOf('chargeback')} as "chargebacksCount",
               ${sumOf('chargeback')} as chargebacks, ${money(net)} as net
        from f
        group by grouping sets ((currency), (day, currency), (product, currency))
        order by part, case when grouping(day, product) = 2 then ${net} end desc,
                 product, day, currency`),
    )
    const result: Earnings = { period, totals: [], daily: [], products: [] }
    for (const { part, date, product, currency, salesCount, net, ...total } of rows) {
      if (part === 1) result.daily.push({ date, currency, net } as Earnings['daily'][number])
      else if (part === 2) {
        result.products.push({ product, currency, salesCount, net } as Earnings['products'][number])
      } else {
        result.totals.push({ currency, salesCount, ...total, net } as Earnings['totals'][number])
      }
    }
    return result
  }

  async function salesByCountry(db: Db, ref: string, period: Period, search?: string) {
    const rows = await rowsOf<CountrySales['countries'][number]>(
      db.execute(sql`
        select country as code, currency,
               (count(*) filter (where kind = 'sale'))::int as "salesCount",
               ${money(net)} as amount
        from ${transactions} where ${inPeriod(ref, period, search)}
        group by country, currency
        order by ${net} desc, country, currency`),
    )
    const names = new Intl.DisplayNames(['en'], { type: 'region' })
    return {
      period,
      countries: rows.map((r) => ({
        ...r,
        name: r.code === 'ZZ' ? 'Unknown' : (names.of(r.code) ?? r.code),
      })),
    } satisfies CountrySales
  }

  async function hopData(db: Db, ref: string, period: Period, search?: string) {
    const days = await rowsOf<{ date: string; hops: number; sales: number }>(
      db.execute(sql`
        with s as (
          select to_char(${utcDay} at time zone 'UTC', 'YYYY-MM-DD') as date,
                 (count(*) filter (where kind = 'sale'))::int as sales
          from ${transactions} where ${inPeriod(ref, period, search)} group by 1),
        h as (
          select day::text as date, sum(hops)::int as hops from ${hops}
          where account_ref = ${ref} and day between ${period.from} and ${period.to}
            ${search ? sql`and product ilike ${`%${escapeLike(search)}%`}` : sql``}
          group by 1)
        select date, coalesce(h.hops, 0) as hops, coalesce(s.sales, 0) as sales
        from h full join s using (date)
        where h.date is not null or s.sales > 0
        order by date`),
    )
    const nets = await rowsOf<{ currency: string; net: string }>(
      db.execute(sql`
        select currency, ${money(net)} as net from ${transactions}
        where ${inPeriod(ref, period, search)} group by currency order by currency`),
    )
    const totalHops = days.reduce((n, d) => n + d.hops, 0)
    const totalSales = days.reduce((n, d) => n + d.sales, 0)
    return {
      period,
      hops: totalHops,
      sales: totalSales,
      conversionRate: totalHops ? totalSales / totalHops : 0,
      earningsPerHop: nets.map(({ currency, net }) => ({
        currency,
        epc: totalHops ? centsToMoney(Math.round(moneyToCents(net) / totalHops)) : '0.00',
      })),
      daily: days,
    } satisfies HopData
  }

  return { earnings, salesByCountry, hopData }
})()
