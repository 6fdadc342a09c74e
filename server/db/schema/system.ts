/** What the server keeps about itself: its state and the answers to idempotent requests. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

import { owner } from './members'

/** Small facts the server keeps about itself, such as the hash of the content it last loaded. */
export const serverState = pgTable('server_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What a create answered for a member's Idempotency-Key, so a retry of the same request gets
 * the same answer and creates nothing new. Kept a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    memberId: owner(),
    key: text('key').notNull(),
    /** "POST /api/notes" and a hash of the body: the same key on another request is refused. */
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    /** The JSON answer, or for a streamed answer the list of its events. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
)
