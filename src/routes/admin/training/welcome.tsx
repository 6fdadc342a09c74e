import { createFileRoute } from '@tanstack/react-router'

import { readEarningsSearch } from '@/features/earnings/search'
import { searchOf } from '@/lib/search-params'
import { Dashboard } from '@/routes/admin/-dashboard'
import { beforeDashboard } from '@/routes/admin/-dashboard-loader'

/** The spec's training welcome page is the dashboard under a second address. */
export const Route = createFileRoute('/admin/training/welcome')({
  validateSearch: searchOf(readEarningsSearch),
  beforeLoad: beforeDashboard,
  component: Dashboard,
})
