import { createFileRoute } from '@tanstack/react-router'

import { QueueScreen } from '@/features/queue/queue-screen'

export const Route = createFileRoute('/admin/quickcash/buffer')({
  component: QueueScreen,
})
