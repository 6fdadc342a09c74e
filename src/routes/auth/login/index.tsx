import { createFileRoute, redirect } from '@tanstack/react-router'

import { LoginScreen } from '@/features/auth/login-screen'
import { optionalOneOf, optionalText, searchOf } from '@/lib/search-params'
import { isSignedIn } from '@/stores/auth'

export const Route = createFileRoute('/auth/login/')({
  validateSearch: searchOf((search) => ({
    redirect: optionalText(search.redirect),
    via: optionalOneOf(search.via, ['password', 'link']),
  })),
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/admin/dashboard', replace: true })
  },
  component: LoginScreen,
})
