import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { authTokens } from '../db/schema'

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose']

export async function insertAuthToken(
  db: Db,
  values: { memberId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await db.insert(authTokens).values(values)
}

/** Uses a token up, once: the first caller gets the member id, every later one nothing. */
export async function consumeAuthToken(
  db: Db,
  purpose: TokenPurpose | TokenPurpose[],
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        inArray(authTokens.purpose, [purpose].flat()),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ memberId: authTokens.memberId })
  return row?.memberId
}

/** A live two-step challenge, without using it up. */
export async function findLiveChallenge(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: authTokens.id, memberId: authTokens.memberId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'challenge'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1)
  return row
}

/** Counts a wrong code; the challenge is void once `maxFailures` is reached. */
export async function failChallenge(db: Db, id: string, maxFailures: number, now: Date) {
  await db
    .update(authTokens)
    .set({
      failedAttempts: sql`${authTokens.failedAttempts} + 1`,
      usedAt: sql`case when ${authTokens.failedAttempts} + 1 >= ${maxFailures} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(authTokens.id, id))
}

/** Voids a member's unused tokens of one purpose, e.g. older reset links once a new one is sent. */
export async function voidAuthTokens(db: Db, memberId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.memberId, memberId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
      ),
    )
}

/** Housekeeping: drop tokens that expired more than a day ago. */
export async function deleteStaleAuthTokens(db: Db, now: Date) {
  await db
    .delete(authTokens)
    .where(lt(authTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
}
