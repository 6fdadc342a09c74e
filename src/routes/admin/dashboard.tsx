import { createFileRoute } from '@tanstack/react-router'

import { readEarningsSearch } from '@/features/earnings/search'
import { searchOf } from '@/lib/search-params'

import { Dashboard } from './-dashboard'
import { beforeDashboard } from './-dashboard-loader'

export const Route = createFileRoute('/admin/dashboard')({
  // The earnings period and product search: ?year=2026&month=3&search=…
  validateSearch: searchOf(readEarningsSearch),
  beforeLoad: beforeDashboard,
  component: Dashboard,
})
