import { createFileRoute } from '@tanstack/react-router'

import { CourseOverview } from '@/features/courses/course-overview'

export const Route = createFileRoute('/admin/digistore/training')({
  component: () => (
    <CourseOverview
      title="Digistore24 training"
      keys={['digistore']}
      intro="Five steps from opening your Digistore24 account to reading your reports and getting paid. Each step ends with what to do before the next one."
    />
  ),
})
