import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'

import { LoginScreen } from '../../../features/auth/login-screen'
import { isSignedIn } from '../../../stores/auth'

export const Route = createFileRoute('/auth/login/')({
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    via: z.enum(['password', 'link']).optional().catch(undefined),
  }),
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/admin/dashboard', replace: true })
  },
  component: LoginScreen,
})
