import { createFileRoute } from '@tanstack/react-router'

import { ViralLeadScreen } from '@/features/leads/viral-lead-screen'

export const Route = createFileRoute('/admin/virallead')({
  component: ViralLeadScreen,
})
