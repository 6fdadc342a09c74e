import { createFileRoute } from '@tanstack/react-router'

import { DashboardScreen } from '../../../features/dashboard/dashboard-screen'

/** The spec's training welcome page is the dashboard under a second address. */
export const Route = createFileRoute('/admin/training/welcome')({
  component: DashboardScreen,
})
