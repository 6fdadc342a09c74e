/** The members, their photos, the administrators' audit log, single-use secrets and the outbox. */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { bytea, timestamps } from './columns'

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
    /**
     * How the community names the member in an @mention: unique, lower-case letters and digits,
     * given by the database when the member is added (migration 0019).
     */
    handle: text('handle').unique(),
    note: text('note').notNull().default(''),
    /** Bumped on logout, password change and reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** Page areas this member may open (keys of the contract's area catalogue). */
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The current profile photo; a new upload gets a new id, so its URL can be cached forever. */
    photoId: uuid('photo_id'),
    /** The key of the member's public lead opt-in form; none until the member asks for one. */
    leadFormKey: text('lead_form_key').unique(),
    /** The member's time zone (IANA), as their browser gave it: where their days begin. */
    timeZone: text('time_zone'),
    /** The secret of the member's calendar feed (`/api/calendar/<secret>.ics`); none when off. */
    calendarToken: text('calendar_token').unique(),
    /** What the member list searches: e-mail and name, lower-cased, kept by the database. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(email || ' ' || first_name || ' ' || last_name)`,
    ),
    ...timestamps,
  },
  (t) => [
    check('members_role_check', sql`${t.role} in ('admin', 'member')`),
    index('members_created_at_idx').on(t.createdAt),
    index('members_first_name_idx').on(t.firstName),
    index('members_last_name_idx').on(t.lastName),
    // The member list's search: substrings through trigrams, short terms as word prefixes.
    index('members_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('members_email_prefix_idx').on(sql`${t.email} text_pattern_ops`),
    index('members_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('members_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
)

export const memberPhotos = pgTable('member_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Who changed what for whom, for the administrators' screen. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => members.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetEmail: text('target_email').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    // A member's own entries: when areas were granted, when an administrator last wrote to them.
    index('audit_log_target_idx').on(t.targetEmail, t.action, t.createdAt),
  ],
)

/** The member a row belongs to; the row goes with them. */
export const owner = () =>
  uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' })

/** Single-use secrets: password reset links, sign-in links and two-step challenges. Only hashes are kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite', 'login_link', 'challenge'] }).notNull(),
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
  /** Headers beyond the usual ones (List-Unsubscribe and List-Unsubscribe-Post). */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
