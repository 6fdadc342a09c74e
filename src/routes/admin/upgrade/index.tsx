import { createFileRoute } from '@tanstack/react-router'

import { UpgradeScreen } from '@/features/upgrade/upgrade-screen'

export const Route = createFileRoute('/admin/upgrade/')({
  component: UpgradeScreen,
})
