import { createFileRoute } from '@tanstack/react-router'

import { readEarningsSearch } from '@/features/earnings/search'
import { searchOf } from '@/lib/search-params'
import { Dashboard } from '@/routes/admin/-dashboard'
import { loadDashboard } from '@/routes/admin/-dashboard-loader'

/** The spec's training welcome page is the dashboard under a second address. */
export const Route = createFileRoute('/admin/training/welcome')({
  validateSearch: searchOf(readEarningsSearch),
  loaderDeps: ({ search }) => search,
  loader: loadDashboard,
  component: Dashboard,
})
