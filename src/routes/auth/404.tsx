import { createFileRoute } from '@tanstack/react-router'

import { NotFoundScreen } from '@/features/errors/not-found-screen'

export const Route = createFileRoute('/auth/404')({
  component: NotFoundScreen,
})
