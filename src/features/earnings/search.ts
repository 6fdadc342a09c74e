import { optionalInteger, optionalText } from '@/lib/search-params'

/** The dashboard's chosen period and product search, kept in the address so a view can be shared. */
export interface EarningsSearch {
  year?: number
  /** A month 1–12, or "all" for the whole year. */
  month?: number | 'all'
  search?: string
}

/** Reads the period and search from the address; what does not fit reads as not chosen. */
export function readEarningsSearch(search: Record<string, unknown>): EarningsSearch {
  return {
    year: optionalInteger(search.year, 2000, 2100),
    month: search.month === 'all' ? 'all' : optionalInteger(search.month, 1, 12),
    search: optionalText(search.search, 100),
  }
}
