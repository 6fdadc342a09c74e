import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    username: text('username').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Bumped on logout, password change and reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    ...timestamps,
  },
  (t) => [check('members_role_check', sql`${t.role} in ('admin', 'member')`)],
)

/** Single-use secrets: password reset links, sign-in links and two-step challenges. Only hashes are kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'login_link', 'challenge'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_member_idx').on(t.memberId)],
)

/** Mail kept when no SMTP server is configured, so a person running the demo can follow links. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
