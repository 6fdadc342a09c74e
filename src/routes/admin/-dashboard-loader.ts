import type { QueryClient } from '@tanstack/react-query'

import { authApi } from '../../api/auth'
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
    // Imported here, not above: the first chunk (and the sign-in page) builds neither contract.
    settle(
      import('../../api/courses').then(({ coursesApi }) =>
        client.ensureQueryData(coursesApi.list.queryOptions()),
      ),
    ),
    import('../../features/earnings/prefetch-earnings').then(({ prefetchEarnings }) =>
      prefetchEarnings(client, deps),
    ),
  ])
}
