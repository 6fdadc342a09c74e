import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { AccountDetailScreen } from '../../features/accounts/account-detail-screen'

export const Route = createFileRoute('/admin/accountdetail')({
  // An administrator manages another member's accounts with ?member_id=<uuid>.
  validateSearch: z.object({ member_id: z.catch(z.optional(z.uuid()), undefined) }),
  component: AccountDetailScreen,
})
