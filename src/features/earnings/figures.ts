import { queryOptions, type QueryKey } from '@tanstack/react-query'

import type { EarningsQuery, Network } from '@schemas/earnings'
import { earningsApi } from '@/api/earnings'
import { ApiError, isApiError } from '@/lib/api-error'

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

/**
 * One figures call as a query: a failure carries the call's message. A new period shows its own
 * placeholder until its figures arrive, never the old period's figures under the new label.
 */
const figuresQuery = <Key extends QueryKey, T>(
  op: string,
  queryKey: Key,
  call: (signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      call(signal).catch((error: unknown) => {
        throw figuresError(op, error)
      }),
  })

/** Totals, daily net and products of one network account for a period. */
export function earningsOptions(network: Network, query: EarningsQuery) {
  const api = earningsApi[EARNINGS_OP[network]]
  return figuresQuery(EARNINGS_OP[network], api.key({ query }), (signal) =>
    api.call({ query }, signal),
  )
}

export function countriesOptions(network: Network, query: EarningsQuery) {
  const api = earningsApi[COUNTRIES_OP[network]]
  return figuresQuery(COUNTRIES_OP[network], api.key({ query }), (signal) =>
    api.call({ query }, signal),
  )
}

/** ClickBank only: Digistore24 reports no hops. */
export const hopsOptions = (query: EarningsQuery) =>
  figuresQuery('hopData', earningsApi.hopData.key({ query }), (signal) =>
    earningsApi.hopData.call({ query }, signal),
  )
