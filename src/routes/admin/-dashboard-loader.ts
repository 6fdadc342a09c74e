import type { QueryClient } from '@tanstack/react-query'

import { authApi } from '../../api/auth'
import { coursesApi } from '../../api/courses'
import type { EarningsSearch } from '../../features/earnings/search'

/**
 * The dashboard's requests, all started at once while its code loads (the dashboard and the
 * training welcome page are one screen). The ones that decide the screen's shape — the role,
 * the resume card and which earnings accounts exist — are awaited, so it is drawn in its final
 * layout and nothing below moves when they arrive; the figures fill cards of a fixed size.
 */
export async function loadDashboard({
  context,
  deps,
}: {
  context: { queryClient: QueryClient }
  deps: EarningsSearch
}) {
  const client = context.queryClient
  const settle = (promise: Promise<unknown>) => promise.catch(() => undefined)
  await Promise.all([
    settle(client.ensureQueryData(authApi.current.queryOptions())),
    settle(client.ensureQueryData(coursesApi.list.queryOptions())),
    // Its own chunk: the earnings code is not part of the first screen's download.
    import('../../features/earnings/prefetch-earnings').then(({ prefetchEarnings }) =>
      prefetchEarnings(client, deps),
    ),
  ])
}
