import { MONTH_NAMES, type EarningsQuery } from '@schemas/earnings'

import type { EarningsSearch } from './search'

/** A month of a year, or the whole year when `month` is null. */
export interface Period {
  year: number
  month: number | null
}

/** How many years the year choice offers: the current one and the four before. */
export const YEARS_SHOWN = 5

export function yearChoices(now = new Date()) {
  const year = now.getFullYear()
  return Array.from({ length: YEARS_SHOWN }, (_, i) => year - i)
}

/** The months of `year` that have begun: all twelve for a past year. */
export function monthsBegun(year: number, now = new Date()) {
  return year < now.getFullYear() ? 12 : now.getMonth() + 1
}

/**
 * The period the address asks for; the current month when it asks for none, or for one not
 * offered (a year out of range, a month still to come).
 */
export function periodOf(search: EarningsSearch, now = new Date()): Period {
  const years = yearChoices(now)
  const year = search.year !== undefined && years.includes(search.year) ? search.year : years[0]!
  if (search.month === 'all') return { year, month: null }
  const month = search.month ?? now.getMonth() + 1
  return { year, month: month > monthsBegun(year, now) ? now.getMonth() + 1 : month }
}

/** The period before: the previous month (December of the year before for January), or year. */
export function previousPeriod({ year, month }: Period): Period {
  if (month === null) return { year: year - 1, month: null }
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 }
}

export function periodLabel({ year, month }: Period) {
  return month === null ? String(year) : `${MONTH_NAMES[month - 1]} ${year}`
}

/** The spec's earnings query: the month goes both as a number and by name. */
export function figuresQuery(affiliateid: string, { year, month }: Period, search: string) {
  const query: EarningsQuery = { affiliateid, year }
  if (month !== null) {
    query.month = month
    query.monthName = MONTH_NAMES[month - 1]
  }
  if (search) query.search = search
  return query
}

/** Every date of a period answer (`from`…`to`, inclusive), as ISO dates. */
export function datesBetween(from: string, to: string) {
  const dates: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    dates.push(new Date(t).toISOString().slice(0, 10))
  }
  return dates
}
