import { createFileRoute } from '@tanstack/react-router'

import { LessonAtLocation, prefetchLesson } from '../../features/courses/lesson-route'

export const Route = createFileRoute('/admin/moneymaking')({
  loader: prefetchLesson,
  component: LessonAtLocation,
})
