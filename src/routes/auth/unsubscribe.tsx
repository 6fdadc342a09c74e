import { createFileRoute } from '@tanstack/react-router'

import { UnsubscribeScreen } from '@/features/notifications/unsubscribe-screen'
import { optionalText, searchOf } from '@/lib/search-params'

/** Where a community e-mail's unsubscribe link leads: no sign-in. */
export const Route = createFileRoute('/auth/unsubscribe')({
  validateSearch: searchOf((search) => ({ token: optionalText(search.token, 300) })),
  component: UnsubscribeScreen,
})
