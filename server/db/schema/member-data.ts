/** What members write and keep: notes, content plans, events, leads, own niche sheets, bios, queued posts and support messages. */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

import { timestamps, tsvector } from './columns'
import { owner } from './members'

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
