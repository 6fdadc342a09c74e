import { createFileRoute } from '@tanstack/react-router'

import { earningsSearchSchema } from '../../../features/earnings/search'
import { Dashboard } from '../-dashboard'
import { loadDashboard } from '../-dashboard-loader'

/** The spec's training welcome page is the dashboard under a second address. */
export const Route = createFileRoute('/admin/training/welcome')({
  validateSearch: earningsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: loadDashboard,
  component: Dashboard,
})
