import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { AccountDetailScreen } from '../../features/accounts/account-detail-screen'

export const Route = createFileRoute('/admin/accountdetail')({
  // An administrator manages another member's accounts with ?member_id=<uuid>.
  validateSearch: z.object({ member_id: z.uuid().optional().catch(undefined) }),
  component: AccountDetailScreen,
})
