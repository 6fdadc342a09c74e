import { createFileRoute } from '@tanstack/react-router'

import { ResumeCard } from '../../../features/courses/resume-card'
import { DashboardScreen } from '../../../features/dashboard/dashboard-screen'
import { EarningsSection } from '../../../features/earnings/earnings-section'
import { earningsSearchSchema } from '../../../features/earnings/search'
import { loadDashboard } from '../-dashboard-loader'

/** The spec's training welcome page is the dashboard under a second address. */
export const Route = createFileRoute('/admin/training/welcome')({
  validateSearch: earningsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: loadDashboard,
  component: Welcome,
})

function Welcome() {
  return <DashboardScreen courses={<ResumeCard />} earnings={<EarningsSection />} />
}
