import type { QueryClient } from '@tanstack/react-query'

import type { EarningsSearch } from '@/features/earnings/search'

import { evaluateDashboardCode } from './-shared-code'

/**
 * The dashboard's requests, all started at once while its code loads (the dashboard and the
 * training welcome page are one screen), and awaited by nothing: the screen is drawn at once,
 * each part in a placeholder of its final size, and fills in as the answers arrive.
 */
export function loadDashboard({
  context,
  deps,
}: {
  context: { queryClient: QueryClient }
  deps: EarningsSearch
}) {
  const client = context.queryClient
  // Imported here, not above: the first chunk (and the sign-in page) builds neither contract.
  void import('@/api/courses')
    .then(({ coursesApi }) => client.prefetchQuery(coursesApi.list.queryOptions()))
    .catch(() => undefined)
  void import('@/features/earnings/prefetch-earnings')
    .then(({ prefetchEarnings }) => prefetchEarnings(client, deps))
    .catch(() => undefined)
}

/**
 * Before the dashboard's first render: its requests are started (loadDashboard), then its code
 * is evaluated a part a task (evaluateDashboardCode), which the render waits for. Run before
 * every opening of the dashboard and for a preload on intent, as a loader would be.
 */
export function beforeDashboard({
  context,
  search,
}: {
  context: { queryClient: QueryClient }
  search: EarningsSearch
}) {
  loadDashboard({ context, deps: search })
  return evaluateDashboardCode()
}
