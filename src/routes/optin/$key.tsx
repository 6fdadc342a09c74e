import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { BlankLayout } from '../../components/blank-layout'
import { OptinScreen } from '../../features/leads/optin-screen'

/** The public opt-in page of a member's lead form: no sign-in, blank layout. */
export const Route = createFileRoute('/optin/$key')({
  validateSearch: z.object({ done: z.coerce.number().optional().catch(undefined) }),
  component: () => (
    <BlankLayout>
      <OptinScreen />
    </BlankLayout>
  ),
})
