import { createFileRoute } from '@tanstack/react-router'

import { CheckScreen } from '@/features/checks/check-screen'

/** The knowledge check at the end of a training module: `/admin/training/module1/check`. */
export const Route = createFileRoute('/admin/training/$module/check')({
  component: function TrainingCheck() {
    const { module } = Route.useParams()
    const number = Number(/^module(\d+)$/.exec(module)?.[1] ?? Number.NaN)
    return <CheckScreen course="training" module={number} />
  },
})
