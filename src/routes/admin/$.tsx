import { createFileRoute, redirect } from '@tanstack/react-router'

/** Unknown paths under /admin (after the guard: a signed-out visitor signs in first). */
export const Route = createFileRoute('/admin/$')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/404', replace: true })
  },
})
