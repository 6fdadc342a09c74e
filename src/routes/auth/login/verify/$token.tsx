import { createFileRoute } from '@tanstack/react-router'

import { VerifyLinkScreen } from '@/features/auth/verify-link-screen'

export const Route = createFileRoute('/auth/login/verify/$token')({
  component: VerifyLinkScreen,
})
