import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

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
    /** Page areas this member may open (keys of the contract's area catalogue). */
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The current profile photo; a new upload gets a new id, so its URL can be cached forever. */
    photoId: uuid('photo_id'),
    /** The key of the member's public lead opt-in form; none until the member asks for one. */
    leadFormKey: text('lead_form_key').unique(),
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
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
)

const owner = () =>
  uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' })

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    color: text('color').notNull().default('yellow'),
    pinned: boolean('pinned').notNull().default(false),
    /** What the search finds in a note: its title ranks above its text. */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'C')`,
    ),
    ...timestamps,
  },
  (t) => [
    index('notes_member_idx').on(t.memberId, t.updatedAt),
    index('notes_search_idx').using('gin', t.search),
  ],
)

export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    title: text('title').notNull(),
    platform: text('platform').notNull(),
    niche: text('niche').notNull().default(''),
    status: text('status').notNull().default('idea'),
    plannedDate: date('planned_date', { mode: 'string' }),
    body: text('body').notNull().default(''),
    checklist: jsonb('checklist').$type<Record<string, boolean>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('content_items_member_idx').on(t.memberId, t.updatedAt)],
)

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    color: text('color').notNull().default('blue'),
    ...timestamps,
  },
  (t) => [index('events_member_range_idx').on(t.memberId, t.startsAt, t.endsAt)],
)

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    source: text('source').notNull().default('manual'),
    consent: boolean('consent').notNull().default(false),
    notes: text('notes').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('leads_member_created_idx').on(t.memberId, t.createdAt),
    index('leads_member_email_idx').on(t.memberId, t.email),
  ],
)

/** A niche of a member's own: a label its sheet rows hang from. */
export const customNiches = pgTable(
  'custom_niches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    label: text('label').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('custom_niches_member_label_idx').on(t.memberId, sql`lower(${t.label})`)],
)

/**
 * The rows of members' niche sheets: a content plan, one post per row. A row belongs to one of
 * the four niches, or (niche "custom") to one of the member's own niches.
 */
export const nicheItems = pgTable(
  'niche_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    niche: text('niche').notNull(),
    customNicheId: uuid('custom_niche_id').references(() => customNiches.id, {
      onDelete: 'cascade',
    }),
    phone: boolean('phone').notNull().default(false),
    subNiche: text('sub_niche').notNull().default(''),
    audience: text('audience').notNull().default(''),
    pain: text('pain').notNull().default(''),
    offerCategory: text('offer_category').notNull().default(''),
    hook: text('hook').notNull().default(''),
    postFormat: text('post_format').notNull().default(''),
    postIdea: text('post_idea').notNull().default(''),
    cta: text('cta').notNull().default(''),
    hashtags: text('hashtags').notNull().default(''),
    status: text('status').notNull().default('idea'),
    link: text('link').notNull().default(''),
    note: text('note').notNull().default(''),
    position: doublePrecision('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('niche_items_sheet_idx').on(t.memberId, t.niche, t.position),
    index('niche_items_custom_idx').on(t.customNicheId, t.position),
    check(
      'niche_items_custom_check',
      sql`(${t.niche} = 'custom') = (${t.customNicheId} is not null)`,
    ),
  ],
)

/** Instagram bios a member saved from the bio builder. */
export const instagramBios = pgTable(
  'instagram_bios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    niche: text('niche').notNull().default(''),
    name: text('name').notNull().default(''),
    bio: text('bio').notNull(),
    link: text('link').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('instagram_bios_member_idx').on(t.memberId, t.updatedAt)],
)

/**
 * A member's posting queue: posts with a channel and a time, in the member's order. A post put
 * on the calendar keeps its event's id (the event may be deleted on its own).
 */
export const queuePosts = pgTable(
  'queue_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    channel: text('channel').notNull(),
    text: text('text').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    position: doublePrecision('position').notNull().default(0),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('queue_posts_member_idx').on(t.memberId, t.position)],
)

/** Messages members send to support from the contact screen. */
export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: owner(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A member's account on an affiliate network: a ClickBank nickname or a Digistore24 affiliate id. */
export const networkAccounts = pgTable(
  'network_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    network: text('network', { enum: ['clickbank', 'digistore24'] }).notNull(),
    /** The affiliate id the spec's `affiliateid` names. */
    accountId: text('account_id').notNull(),
    /** AES-256-GCM, never sent back; null for an account known from imports only. */
    apiKeyEncrypted: text('api_key_encrypted'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The import in progress, kept here so every server instance sees it and only one runs it:
     * an instance takes it by setting `sync_running` where it is not set (or where its runner
     * stopped beating), and beats `sync_beat_at` while it works.
     */
    syncRunning: boolean('sync_running').notNull().default(false),
    syncStep: text('sync_step').notNull().default(''),
    syncProgress: real('sync_progress').notNull().default(0),
    syncImported: integer('sync_imported').notNull().default(0),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncBeatAt: timestamp('sync_beat_at', { withTimezone: true }),
    /** Failed imports in a row, and when the schedule may try again. */
    syncFailures: integer('sync_failures').notNull().default(0),
    syncRetryAt: timestamp('sync_retry_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('network_accounts_account_idx').on(t.network, t.accountId),
    // One account per network per member: the spec's member info names one of each.
    uniqueIndex('network_accounts_member_idx').on(t.memberId, t.network),
  ],
)

/** One network transaction; the unique key makes every import idempotent. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    kind: text('kind', { enum: ['sale', 'refund', 'chargeback'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    product: text('product').notNull(),
    /** ISO 3166-1 alpha-2, upper case; 'ZZ' when the network did not say. */
    country: text('country').notNull(),
    /** Positive; the kind says whether it adds or takes away. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** The seller's account (ClickBank vendor nickname), when the network names it. */
    vendor: text('vendor'),
  },
  (t) => [
    uniqueIndex('transactions_external_idx').on(t.accountRef, t.externalId),
    // The figures read the summaries below; this serves listing an account's rows by time.
    index('transactions_account_time_idx').on(t.accountRef, t.occurredAt),
  ],
)

/** The kinds of transaction, the same as `transactions.kind`. */
const TRANSACTION_KINDS = ['sale', 'refund', 'chargeback'] as const

/**
 * Transactions summed per account, UTC day, kind, currency and product: what the earnings and hop
 * figures read. Kept by triggers on `transactions` (migration 0006), never written by the app.
 */
export const figuresDaily = pgTable(
  'figures_daily',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    currency: text('currency').notNull(),
    product: text('product').notNull(),
    count: integer('count').notNull(),
    /** The sum of the transactions' (positive) amounts. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'figures_daily_pk',
      columns: [t.accountRef, t.day, t.kind, t.currency, t.product],
    }),
  ],
)

/**
 * Transactions summed per account, UTC month (its first day), kind, currency, product and buyer
 * country: what the sales-by-country figures read. Kept by the same triggers.
 */
export const figuresMonthlyCountry = pgTable(
  'figures_monthly_country',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    currency: text('currency').notNull(),
    product: text('product').notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'figures_monthly_country_pk',
      columns: [t.accountRef, t.month, t.kind, t.currency, t.product, t.country],
    }),
  ],
)

/** Daily hop counts (ClickBank visits through the affiliate's links), per product. */
export const hops = pgTable(
  'hops',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    hops: integer('hops').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.day, t.product] })],
)

/** The courses of `content/courses.yaml`, as last loaded. */
export const courses = pgTable('courses', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  area: text('area').notNull(),
  overview: text('overview').notNull(),
  position: integer('position').notNull(),
  modules: jsonb('modules').$type<{ number: number; title: string }[]>().notNull().default([]),
})

/**
 * One screen of content (lesson, page or offer), keyed by its screen path. `source_*` hold the
 * repository's text; `edited_*` an administrator's changes, which a reload of the files never
 * touches; `title`, `markdown`, `video`, `html`, `plain` and `headings` are what is shown.
 */
export const lessons = pgTable(
  'lessons',
  {
    path: text('path').primaryKey(),
    kind: text('kind', { enum: ['lesson', 'page', 'offer'] }).notNull(),
    courseKey: text('course_key').references(() => courses.key, { onDelete: 'cascade' }),
    module: integer('module'),
    position: integer('position').notNull().default(0),
    area: text('area'),
    unlocks: text('unlocks'),
    dripDays: integer('drip_days'),
    summary: text('summary').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceMarkdown: text('source_markdown').notNull(),
    sourceVideo: text('source_video').notNull().default(''),
    editedTitle: text('edited_title'),
    editedMarkdown: text('edited_markdown'),
    editedVideo: text('edited_video'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedBy: uuid('edited_by').references(() => members.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    video: text('video').notNull().default(''),
    html: text('html').notNull(),
    plain: text('plain').notNull(),
    headings: jsonb('headings').$type<{ id: string; text: string }[]>().notNull().default([]),
    /** Title and summary: what a locked lesson may be found by. */
    searchHead: tsvector('search_head').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')`,
    ),
    searchAll: tsvector('search_all').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', plain), 'C')`,
    ),
  },
  (t) => [
    index('lessons_course_idx').on(t.courseKey, t.module, t.position),
    index('lessons_search_head_idx').using('gin', t.searchHead),
    index('lessons_search_all_idx').using('gin', t.searchAll),
  ],
)

/** How far each member got in each lesson. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    memberId: owner(),
    path: text('path')
      .notNull()
      .references(() => lessons.path, { onDelete: 'cascade', onUpdate: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** 0–1: how far down the text. */
    position: real('position').notNull().default(0),
    videoSeconds: real('video_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.path] }),
    index('lesson_progress_recent_idx').on(t.memberId, t.updatedAt),
  ],
)

/** Small facts the server keeps about itself, such as the hash of the content it last loaded. */
export const serverState = pgTable('server_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What the AI writing tools and the translator wrote for a member: the input as sent, the
 * output as far as it got, and who wrote it (the model or the templates).
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    tool: text('tool').notNull(),
    title: text('title').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    output: text('output').notNull().default(''),
    writer: text('writer', { enum: ['model', 'templates', 'course'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'stopped', 'failed'] }).notNull(),
    message: text('message'),
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_generations_member_idx').on(t.memberId, t.createdAt)],
)

/** The member's conversation with the course chatbot: questions and answers, oldest first. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    role: text('role', { enum: ['member', 'assistant'] }).notNull(),
    text: text('text').notNull(),
    writer: text('writer', { enum: ['model', 'templates', 'course'] }),
    status: text('status', { enum: ['running', 'done', 'stopped', 'failed'] }).notNull(),
    message: text('message'),
    sources: jsonb('sources')
      .$type<
        {
          path: string
          title: string
          heading: string | null
          anchor: string | null
          text: string
        }[]
      >()
      .notNull()
      .default([]),
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_member_idx').on(t.memberId, t.createdAt)],
)

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
