import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { ForgotPasswordScreen } from '../../features/auth/forgot-password-screen'

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: ForgotPasswordScreen,
})
