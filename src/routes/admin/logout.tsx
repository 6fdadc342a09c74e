import { createFileRoute } from '@tanstack/react-router'

import { LogoutScreen } from '@/features/auth/logout-screen'

export const Route = createFileRoute('/admin/logout')({
  component: LogoutScreen,
})
