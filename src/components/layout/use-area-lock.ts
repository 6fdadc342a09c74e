import { hasArea, type AreaKey } from '@schemas/access'
import { useOwnProfile } from '@/api/members'

/**
 * Whether an entry of the navigation opens on the lock panel: the member's profile lacks its
 * area. Until the profile is there nothing shows as locked.
 */
export function useAreaLock() {
  const member = useOwnProfile().data?.data
  return (area: AreaKey | undefined) => Boolean(area && member && !hasArea(member, area))
}
