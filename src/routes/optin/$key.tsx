import { createFileRoute } from '@tanstack/react-router'

import { BlankLayout } from '@/components/blank-layout'
import { OptinScreen } from '@/features/leads/optin-screen'
import { optionalInteger, searchOf } from '@/lib/search-params'

/** The public opt-in page of a member's lead form: no sign-in, blank layout. */
export const Route = createFileRoute('/optin/$key')({
  validateSearch: searchOf((search) => ({ done: optionalInteger(search.done) })),
  component: () => (
    <BlankLayout>
      <OptinScreen />
    </BlankLayout>
  ),
})
