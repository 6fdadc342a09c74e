import { createFileRoute } from '@tanstack/react-router'

import { prefetchLesson } from '@/features/courses/prefetch-lesson'
import { LessonAtLocation } from '@/routes/admin/-lesson'

export const Route = createFileRoute('/admin/upgrade/upsell3')({
  loader: prefetchLesson,
  component: LessonAtLocation,
})
