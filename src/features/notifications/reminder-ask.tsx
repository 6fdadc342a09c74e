import { lazy, Suspense } from 'react'

import { useMomentum } from '@/api/momentum'

const ReminderPrompt = lazy(() => import('./reminder-prompt'))

/** Asks for the choice of reminder e-mails while the member has not made it (its code only then). */
export function ReminderAsk() {
  const momentum = useMomentum()
  if (momentum.data?.data.remindersChosen !== false) return null
  return (
    <Suspense fallback={null}>
      <ReminderPrompt />
    </Suspense>
  )
}
