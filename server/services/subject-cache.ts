import type { Database } from '../db/client'
import type { TokenSubject } from '../repos/members'
import { HeardCache, type CacheLimits } from './heard-cache'

/** Where the members table's triggers announce a changed member's id (migration 0008). */
export const MEMBER_CHANGED_CHANNEL = 'member_changed'
const SUBJECT_CACHE_LIMITS: CacheLimits = { size: 10_000, ttlMs: 60_000 }

/**
 * The members that token checks read, kept in memory so a request of a member who has not
 * changed needs no database round trip. A write that changes what a token check reads goes
 * through `change` (`AuthService.changeMember`); every other change is heard of from the
 * members table's triggers.
 */
export class SubjectCache extends HeardCache<TokenSubject> {
  constructor(
    database: Pick<Database, 'heardEverywhere'>,
    now: () => number,
    limits = SUBJECT_CACHE_LIMITS,
  ) {
    super(MEMBER_CHANGED_CHANNEL, database, now, limits)
  }
}
