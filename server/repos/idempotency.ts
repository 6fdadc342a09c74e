import { and, eq, isNull, lt } from 'drizzle-orm'

import type { Db } from '../db/client'
import { idempotentRequests } from '../db/schema'

export type Claim =
  | { kind: 'first' }
  | { kind: 'running' }
  | { kind: 'other-request' }
  | { kind: 'answered'; status: number; response: unknown }

/**
 * Takes `key` for this request, or says what became of it: answered (with the answer),
 * still running, or used for another request.
 */
export async function claimKey(
  db: Db,
  memberId: string,
  key: string,
  route: string,
  requestHash: string,
): Promise<Claim> {
  const taken = await db
    .insert(idempotentRequests)
    .values({ memberId, key, route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key })
  if (taken.length > 0) return { kind: 'first' }
  const [row] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.memberId, memberId), eq(idempotentRequests.key, key)))
  if (!row) return claimKey(db, memberId, key, route, requestHash)
  if (row.route !== route || row.requestHash !== requestHash) return { kind: 'other-request' }
  if (row.status === null) return { kind: 'running' }
  return { kind: 'answered', status: row.status, response: row.response }
}

export async function keepAnswer(
  db: Db,
  memberId: string,
  key: string,
  status: number,
  response: unknown,
) {
  await db
    .update(idempotentRequests)
    .set({ status, response })
    .where(and(eq(idempotentRequests.memberId, memberId), eq(idempotentRequests.key, key)))
}

/** A request that failed frees its key: the retry runs again. */
export async function releaseKey(db: Db, memberId: string, key: string) {
  await db
    .delete(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.memberId, memberId),
        eq(idempotentRequests.key, key),
        isNull(idempotentRequests.status),
      ),
    )
}

export async function deleteOldKeys(db: Db, before: Date) {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, before))
}
