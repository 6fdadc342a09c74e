import { createFileRoute } from '@tanstack/react-router'

import { ForgotPasswordScreen } from '@/features/auth/forgot-password-screen'
import { optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: searchOf((search) => ({ token: optionalText(search.token) })),
  component: ForgotPasswordScreen,
})
