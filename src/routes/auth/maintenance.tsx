import { createFileRoute } from '@tanstack/react-router'

import { MaintenanceScreen } from '@/features/errors/maintenance-screen'

export const Route = createFileRoute('/auth/maintenance')({
  component: MaintenanceScreen,
})
