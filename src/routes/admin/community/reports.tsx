import { createFileRoute } from '@tanstack/react-router'

import { ReportsScreen } from '@/features/community/reports-screen'

export const Route = createFileRoute('/admin/community/reports')({
  component: ReportsScreen,
})
