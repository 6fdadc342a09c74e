import { createHash } from 'node:crypto'

import type { Db } from '../db/client'
import { HttpError } from '../errors'
import { claimKey, keepAnswer, releaseKey } from '../repos/idempotency'

/**
 * A stream's events as sent, events to send again instead of running the handler, and what to
 * do with the events sent before the answer ends (so a retry that follows it finds them).
 */
export interface StreamRecord {
  sent: unknown[]
  replay?: unknown[]
  keep?: (sent: unknown[]) => Promise<void>
}

/** One create under an Idempotency-Key: whose, which request, and how it is answered. */
export interface KeyedRequest {
  memberId: string
  key: string
  /** The method and address, so the same key on another request is told apart. */
  route: string
  body: unknown
  streamed: boolean
  /** The status the answer goes out with, once the create has run. */
  status: () => number
  /** Called before a kept answer is sent again, with its status. */
  replaying: (status: number) => void
}

/**
 * Runs a create once per Idempotency-Key: a retry of the same request answers what the first
 * answered (a streamed answer replays its events) and creates nothing; the same key on another
 * request is refused (422), and while the first still runs the retry is told to wait (409). A
 * request that fails frees its key.
 */
export async function runOnce(
  db: Db,
  request: KeyedRequest,
  run: (stream?: StreamRecord) => Promise<unknown>,
) {
  const { memberId, key } = request
  const hash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')
  const claim = await claimKey(db, memberId, key, request.route, hash)
  if (claim.kind === 'other-request') {
    throw new HttpError(422, 'This Idempotency-Key was already used for another request')
  }
  if (claim.kind === 'running') {
    throw new HttpError(409, 'A request with this Idempotency-Key is still running: try again', {
      'retry-after': '1',
    })
  }
  if (claim.kind === 'answered') {
    request.replaying(claim.status)
    if (request.streamed) return run({ replay: claim.response as unknown[], sent: [] })
    return claim.response
  }
  const keep = (answer: unknown) => keepAnswer(db, memberId, key, request.status(), answer)
  try {
    if (request.streamed) return await run({ sent: [], keep })
    const answer = await run()
    await keep(answer)
    return answer
  } catch (error) {
    await releaseKey(db, memberId, key)
    throw error
  }
}
