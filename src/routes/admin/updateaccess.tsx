import { createFileRoute } from '@tanstack/react-router'

import { AccessScreen } from '@/features/access/access-screen'

export const Route = createFileRoute('/admin/updateaccess')({
  component: AccessScreen,
})
