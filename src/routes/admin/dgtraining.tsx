import { createFileRoute } from '@tanstack/react-router'

import { CourseOverview } from '@/features/courses/course-overview'

export const Route = createFileRoute('/admin/dgtraining')({
  component: () => (
    <CourseOverview
      title="Digital-marketing training"
      keys={['training']}
      intro="Three modules, eleven lessons: work through them in order, mark each one complete, and come back to where you left off from the dashboard."
    />
  ),
})
