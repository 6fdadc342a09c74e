import { createFileRoute } from '@tanstack/react-router'

import { ThreadScreen } from '@/features/community/thread-screen'

export const Route = createFileRoute('/admin/community/$postId')({
  component: ThreadScreen,
})
