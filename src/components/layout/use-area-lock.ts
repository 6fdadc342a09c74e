import { useQuery } from '@tanstack/react-query'

import type { AreaKey } from '../../../api-schemas/access'
import { membersApi } from '../../api/members'
import { storedEmail } from '../../lib/session'

/**
 * Whether an entry of the navigation opens on the lock panel: the member's profile (the one the
 * app reads at sign-in) lacks its area. Administrators have every area; until the profile is
 * there nothing shows as locked.
 */
export function useAreaLock() {
  const email = storedEmail() ?? ''
  const profile = useQuery({
    ...membersApi.profile.queryOptions({ params: { email } }),
    enabled: email !== '',
  })
  const member = profile.data?.data
  return (area: AreaKey | undefined) =>
    Boolean(area && member && member.role !== 'admin' && !member.areas.includes(area))
}
