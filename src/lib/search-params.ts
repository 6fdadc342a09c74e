/**
 * Readers for the values of a route's search parameters (`validateSearch`). The router hands over
 * what it parsed from the address: a string, or a number or boolean when the text looked like
 * one. A value a screen cannot use reads as undefined, never as an error, so a hand-edited or
 * stale address still opens the page. Plain functions, so the router's start needs no schema
 * library.
 */

/** Text up to `max` characters; a number or boolean in the address reads as its text. */
export function optionalText(value: unknown, max = 2048): string | undefined {
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
  return typeof text === 'string' && text.length <= max ? text : undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An id in the database's uuid form. */
export function optionalUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined
}

/** A whole number from `min` to `max`, written as a number or as its digits. */
export function optionalInteger(
  value: unknown,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : NaN
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined
}

/** One of a fixed list of words. */
export function optionalOneOf<const T extends string>(
  value: unknown,
  choices: readonly T[],
): T | undefined {
  return choices.find((choice) => choice === value)
}

export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** The rows per page a list offers (the API's largest page is 100). */
export const PAGE_SIZES = [10, 20, 50, 100] as const

/** A list's page: from 1. */
export const optionalPage = (value: unknown) => optionalInteger(value, 1)

/** A list's rows per page: one of the sizes the pager offers. */
export function optionalPageSize(value: unknown): number | undefined {
  const size = optionalInteger(value)
  return PAGE_SIZES.find((choice) => choice === size)
}

/**
 * A list's place in the address: `?page=2&pageSize=50&sort=name&order=asc`, the sort one of
 * `sorts`. A screen with two lists gives the second its own names (`auditPage`) by hand.
 */
export function listParams<const C extends string>(
  search: Record<string, unknown>,
  sorts: readonly C[] = [],
) {
  return {
    page: optionalPage(search.page),
    pageSize: optionalPageSize(search.pageSize),
    sort: optionalOneOf(search.sort, sorts),
    order: optionalOneOf(search.order, SORT_ORDERS),
  }
}

/**
 * A route's `validateSearch` from readers of its parameters. Every parameter may be left out
 * of a link, and then reads as undefined.
 */
export function searchOf<T extends object>(
  read: (search: Record<string, unknown>) => T,
): (search: Record<string, unknown>) => Partial<T> {
  return read
}
