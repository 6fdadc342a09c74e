import { createFileRoute, redirect } from '@tanstack/react-router'

/** Unknown public paths. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/404', replace: true })
  },
})
