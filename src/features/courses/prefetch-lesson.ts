import type { QueryClient } from '@tanstack/react-query'

import { prefetch } from '@/lib/prefetch'

/** A screen path without a trailing slash: `/admin/bonus/20ways/` -> `/admin/bonus/20ways`. */
export const lessonPath = (pathname: string) => pathname.replace(/\/+$/, '')

/**
 * Starts a lesson's request while its screen's code loads (no waterfall). Route loaders stay in
 * the first chunk, so this module imports nothing of the screen, and the lesson's query (with the
 * courses contract) only when a lesson is asked for: the sign-in page never builds it.
 */
export const prefetchLesson = ({
  context,
  location,
}: {
  context: { queryClient: QueryClient }
  location: { pathname: string }
}) =>
  prefetch(() =>
    import('./lesson-query').then(({ lessonQuery }) =>
      context.queryClient.prefetchQuery(lessonQuery(lessonPath(location.pathname))),
    ),
  )
