import { members } from '@schemas/members'
import { storedEmail } from '@/lib/session'
import { useQuery } from '@/lib/use-deferred-query'

import { createApi } from './create-api'

export const membersApi = createApi('members', members)

/** The signed-in member's own profile, the one the app reads at sign-in; idle when signed out. */
export function useOwnProfile() {
  const email = storedEmail() ?? ''
  return useQuery({
    ...membersApi.profile.queryOptions({ params: { email } }),
    enabled: email !== '',
  })
}
