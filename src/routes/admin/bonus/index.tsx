import { createFileRoute } from '@tanstack/react-router'

import { CourseOverview } from '@/features/courses/course-overview'

export const Route = createFileRoute('/admin/bonus/')({
  component: () => (
    <CourseOverview
      title="Bonus courses"
      keys={['realworld', 'sidehustle', 'twentyways']}
      intro="Go deeper once you have the basics: a campaign followed from research to weekly review, building the business next to a job, and twenty ways to promote an offer."
    />
  ),
})
