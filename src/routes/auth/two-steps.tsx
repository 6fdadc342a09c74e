import { createFileRoute } from '@tanstack/react-router'

import { TwoStepsScreen } from '@/features/auth/two-steps-screen'

export const Route = createFileRoute('/auth/two-steps')({
  component: TwoStepsScreen,
})
