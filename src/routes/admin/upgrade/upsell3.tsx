import { createFileRoute } from '@tanstack/react-router'

import { LessonAtLocation } from '@/features/courses/lesson-route'
import { prefetchLesson } from '@/features/courses/prefetch-lesson'

export const Route = createFileRoute('/admin/upgrade/upsell3')({
  loader: prefetchLesson,
  component: LessonAtLocation,
})
