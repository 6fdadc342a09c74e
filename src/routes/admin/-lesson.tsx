import { Skeleton } from '@chakra-ui/react'
import { useMatch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import type { Lesson } from '@schemas/courses'
import { WhenNear } from '@/components/when-near'
import { LessonScreen } from '@/features/courses/lesson-screen'
import { lessonPath } from '@/features/courses/prefetch-lesson'

// Its code loads as the member scrolls near the end of the lesson, not with the lesson.
const LessonDiscussion = lazy(() => import('@/features/community/lesson-discussion'))

const placeholder = <Skeleton height="14rem" borderRadius="l3" />

/** The questions and answers under a lesson or chapter (not under guide pages and offers). */
const discussion = (lesson: Lesson) =>
  lesson.kind === 'lesson' ? (
    <WhenNear label="Loading the questions and answers" placeholder={placeholder}>
      <Suspense fallback={placeholder}>
        <LessonDiscussion path={lesson.path} />
      </Suspense>
    </WhenNear>
  ) : null

/**
 * The lesson whose screen path is the address this route matched (not the router's current
 * location, which already points elsewhere while this screen leaves), with its discussion;
 * unknown ones end on /auth/404.
 */
export function LessonAtLocation() {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname })
  return <LessonScreen path={lessonPath(pathname)} discussion={discussion} />
}
