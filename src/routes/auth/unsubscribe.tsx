import { createFileRoute } from '@tanstack/react-router'

import { REMINDER_KINDS } from '@schemas/reminder-kinds'
import { UnsubscribeScreen } from '@/features/notifications/unsubscribe-screen'
import { optionalText, searchOf } from '@/lib/search-params'

/** Where a community or reminder e-mail's unsubscribe link leads: no sign-in. */
export const Route = createFileRoute('/auth/unsubscribe')({
  validateSearch: searchOf((search) => ({
    token: optionalText(search.token, 300),
    // A reminder e-mail names its kind; a community e-mail names none.
    list: REMINDER_KINDS.find((kind) => kind === search.list),
  })),
  component: UnsubscribeScreen,
})
