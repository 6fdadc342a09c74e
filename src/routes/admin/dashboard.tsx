import { createFileRoute } from '@tanstack/react-router'

import { ResumeCard } from '../../features/courses/resume-card'
import { DashboardScreen } from '../../features/dashboard/dashboard-screen'
import { EarningsSection } from '../../features/earnings/earnings-section'
import { earningsSearchSchema } from '../../features/earnings/search'
import { loadDashboard } from './-dashboard-loader'

export const Route = createFileRoute('/admin/dashboard')({
  // The earnings period and product search: ?year=2026&month=3&search=…
  validateSearch: earningsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: loadDashboard,
  component: Dashboard,
})

function Dashboard() {
  return <DashboardScreen courses={<ResumeCard />} earnings={<EarningsSection />} />
}
