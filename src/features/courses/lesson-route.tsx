import { useMatch } from '@tanstack/react-router'

import { LessonScreen } from './lesson-screen'
import { lessonPath } from './prefetch-lesson'

/**
 * The lesson whose screen path is the address this route matched (not the router's current
 * location, which already points elsewhere while this screen leaves); unknown ones end on
 * /auth/404.
 */
export function LessonAtLocation() {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname })
  return <LessonScreen path={lessonPath(pathname)} />
}
