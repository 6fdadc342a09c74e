import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { LoginScreen } from '../../../features/auth/login-screen'
import { isSignedIn } from '../../../stores/auth'

export const Route = createFileRoute('/auth/login/')({
  validateSearch: z.object({
    redirect: z.catch(z.optional(z.string()), undefined),
    via: z.catch(z.optional(z.enum(['password', 'link'])), undefined),
  }),
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/admin/dashboard', replace: true })
  },
  component: LoginScreen,
})
