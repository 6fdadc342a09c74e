import type { ReactNode } from 'react'

import type { Profile } from '@schemas/members'
import { useOwnProfile } from '@/api/members'
import { storedEmail } from '@/lib/session'

import { ErrorState, PageSpinner } from './ui'

/**
 * The signed-in member's own profile, handed to `children` once loaded: until then a spinner
 * (`loading`), or the failure (`failed`) with a retry; `signedOut` says why there is none when
 * no member is signed in.
 */
export function OwnProfile({
  loading,
  failed,
  signedOut,
  children,
}: {
  loading: string
  failed: string
  signedOut: string
  children: (profile: Profile) => ReactNode
}) {
  const email = storedEmail() ?? ''
  // The screen under it (a profile form, four cards) is drawn in slices when the answer arrives
  // (useOwnProfile's useQuery).
  const profile = useOwnProfile()
  if (profile.isPending && email) return <PageSpinner label={loading} />
  if (profile.isError || !profile.data) {
    return (
      <ErrorState
        title={failed}
        message={profile.error?.message ?? signedOut}
        onRetry={email ? () => void profile.refetch() : undefined}
        retrying={profile.isFetching}
      />
    )
  }
  return children(profile.data.data)
}
