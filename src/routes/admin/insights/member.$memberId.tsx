import { createFileRoute } from '@tanstack/react-router'

import { TimelineScreen } from '@/features/insights/timeline-screen'

export const Route = createFileRoute('/admin/insights/member/$memberId')({
  component: function MemberTimeline() {
    const { memberId } = Route.useParams()
    return <TimelineScreen memberId={memberId} />
  },
})
