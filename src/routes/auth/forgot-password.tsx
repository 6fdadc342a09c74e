import { createFileRoute } from '@tanstack/react-router'
import { optionalText, searchOf } from '../../lib/search-params'
import { ForgotPasswordScreen } from '../../features/auth/forgot-password-screen'

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: searchOf((search) => ({ token: optionalText(search.token) })),
  component: ForgotPasswordScreen,
})
