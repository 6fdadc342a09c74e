import type { QueryClient } from '@tanstack/react-query'

import { accounts, earnings } from '@schemas/earnings'

import { createApi } from './create-api'

export const earningsApi = createApi('earnings', earnings)
export const accountsApi = createApi('accounts', accounts)

/**
 * Resets the earnings cache (spec point 4), after the figures behind it changed: queries no screen
 * shows are dropped, the shown ones lose their data and load again.
 */
export async function resetEarningsCache(client: QueryClient) {
  client.removeQueries({ queryKey: earningsApi.key, type: 'inactive' })
  await client.resetQueries({ queryKey: earningsApi.key })
}
