import { createFileRoute } from '@tanstack/react-router'
import { searchOf } from '../../../lib/search-params'
import { readEarningsSearch } from '../../../features/earnings/search'
import { Dashboard } from '../-dashboard'
import { loadDashboard } from '../-dashboard-loader'

/** The spec's training welcome page is the dashboard under a second address. */
export const Route = createFileRoute('/admin/training/welcome')({
  validateSearch: searchOf(readEarningsSearch),
  loaderDeps: ({ search }) => search,
  loader: loadDashboard,
  component: Dashboard,
})
