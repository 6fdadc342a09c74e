import { createFileRoute } from '@tanstack/react-router'

import { AccountDetailScreen } from '@/features/accounts/account-detail-screen'
import { optionalUuid, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/accountdetail')({
  // An administrator manages another member's accounts with ?member_id=<uuid>.
  validateSearch: searchOf((search) => ({ member_id: optionalUuid(search.member_id) })),
  component: AccountDetailScreen,
})
