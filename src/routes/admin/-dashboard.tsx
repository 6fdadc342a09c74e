import { ResumeCard } from '@/features/courses/resume-card'
import { TrainingKpi } from '@/features/courses/training-kpi'
import { DashboardScreen } from '@/features/dashboard/dashboard-screen'
import { EarningsKpi } from '@/features/earnings/earnings-kpi'
import { EarningsSection } from '@/features/earnings/earnings-section'
import { MomentumCard } from '@/features/momentum/momentum-card'
import { ReminderAsk } from '@/features/notifications/reminder-ask'

/** The dashboard with what other features draw on it. */
export function Dashboard() {
  return (
    <DashboardScreen
      kpis={
        <>
          <EarningsKpi />
          <TrainingKpi />
        </>
      }
      courses={
        <>
          <ResumeCard />
          <ReminderAsk />
        </>
      }
      level={<MomentumCard />}
      earnings={<EarningsSection />}
    />
  )
}
