import { useInfiniteQuery as useTanstackInfiniteQuery } from '@tanstack/react-query'

import { useDeferredQuery } from './use-deferred-query'

/**
 * TanStack Query's useInfiniteQuery (a list read page by page), its answers drawn in renders
 * React may pause, as the app's useQuery draws them. A file of its own: the infinite query's
 * code loads with the screens that page on, not with the app's first screen.
 */
export const useInfiniteQuery: typeof useTanstackInfiniteQuery = ((
  options: Parameters<typeof useTanstackInfiniteQuery>[0],
) => useDeferredQuery(useTanstackInfiniteQuery(options))) as typeof useTanstackInfiniteQuery
