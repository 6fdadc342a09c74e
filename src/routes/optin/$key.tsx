import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { BlankLayout } from '../../components/blank-layout'
import { OptinScreen } from '../../features/leads/optin-screen'

/** The public opt-in page of a member's lead form: no sign-in, blank layout. */
export const Route = createFileRoute('/optin/$key')({
  validateSearch: z.object({ done: z.catch(z.optional(z.coerce.number()), undefined) }),
  component: () => (
    <BlankLayout>
      <OptinScreen />
    </BlankLayout>
  ),
})
