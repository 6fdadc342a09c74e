import { keepPreviousData, queryOptions } from '@tanstack/react-query'

import type { EarningsQuery, Network } from '../../../api-schemas/earnings'
import { earningsApi } from '../../api/earnings'
import { ApiError, isApiError } from '../../lib/http'

/** What a failed figures call says when the server sent no message of its own (spec point 8). */
const DEFAULT_MESSAGES: Record<string, string> = {
  profitEarning: 'Failed to fetch profit data',
  dgEarning: 'Failed to fetch profit data',
  saleByCountry: 'Failed to fetch sale data',
  dgSaleByCountry: 'Failed to fetch sale data',
  hopData: 'Failed to fetch hop data',
}

/** The server's message when the answer carried one, else the call's default wording. */
export function figuresError(op: string, error: unknown): ApiError {
  if (isApiError(error) && error.serverMessage) return error
  const message = DEFAULT_MESSAGES[op] ?? 'An error occurred'
  // Status and sign-in stay, so a 401 still ends the session and a 503 still means maintenance.
  return isApiError(error)
    ? new ApiError(message, error.status, error.signedIn)
    : new ApiError(message, 0)
}

const EARNINGS_OP = { clickbank: 'profitEarning', digistore24: 'dgEarning' } as const
const COUNTRIES_OP = { clickbank: 'saleByCountry', digistore24: 'dgSaleByCountry' } as const

/** Totals, daily net and products of one network account for a period. */
export function earningsOptions(network: Network, query: EarningsQuery) {
  const op = EARNINGS_OP[network]
  const api = earningsApi[op]
  return queryOptions({
    queryKey: api.key({ query }),
    queryFn: ({ signal }) =>
      api.call({ query }, signal).catch((error: unknown) => {
        throw figuresError(op, error)
      }),
    // A new period keeps the old figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  })
}

export function countriesOptions(network: Network, query: EarningsQuery) {
  const op = COUNTRIES_OP[network]
  const api = earningsApi[op]
  return queryOptions({
    queryKey: api.key({ query }),
    queryFn: ({ signal }) =>
      api.call({ query }, signal).catch((error: unknown) => {
        throw figuresError(op, error)
      }),
    placeholderData: keepPreviousData,
  })
}

/** ClickBank only: Digistore24 reports no hops. */
export function hopsOptions(query: EarningsQuery) {
  return queryOptions({
    queryKey: earningsApi.hopData.key({ query }),
    queryFn: ({ signal }) =>
      earningsApi.hopData.call({ query }, signal).catch((error: unknown) => {
        throw figuresError('hopData', error)
      }),
    placeholderData: keepPreviousData,
  })
}
