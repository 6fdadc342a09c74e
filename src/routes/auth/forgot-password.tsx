import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { ForgotPasswordScreen } from '../../features/auth/forgot-password-screen'

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: z.object({ token: z.catch(z.optional(z.string()), undefined) }),
  component: ForgotPasswordScreen,
})
