import type { QueryClient } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'

import { coursesApi } from '../../api/courses'
import { LessonScreen } from './lesson-screen'

const clean = (pathname: string) => pathname.replace(/\/+$/, '')

/** Starts a lesson's request while its screen's code loads (no waterfall). */
export const prefetchLesson = ({
  context,
  location,
}: {
  context: { queryClient: QueryClient }
  location: { pathname: string }
}) =>
  void context.queryClient.prefetchQuery(
    coursesApi.lesson.queryOptions({ query: { path: clean(location.pathname) } }),
  )

/**
 * The lesson whose screen path is the address this route matched (not the router's current
 * location, which already points elsewhere while this screen leaves); unknown ones end on
 * /auth/404.
 */
export function LessonAtLocation() {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname })
  return <LessonScreen path={clean(pathname)} />
}
