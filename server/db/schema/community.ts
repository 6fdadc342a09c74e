/**
 * The community: posts in the feed's categories and under lessons, replies one level deep,
 * reactions, what each member has read and follows, reports, and each member's community
 * settings (a mute set by an administrator).
 */
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

import { tsvector } from './columns'
import { lessons } from './courses'
import { members, owner } from './members'

const author = () =>
  uuid('author_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' })

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A post: in a feed category (`category`, with a title), or a question under a lesson
 * (`lesson_path`, no title). `reply_count` and `like_count` are kept by the same transaction that
 * adds or removes a reply or a like, for the feed's sorting; `last_activity_at` moves with each
 * reply.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: author(),
    category: text('category'),
    lessonPath: text('lesson_path').references(() => lessons.path, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    html: text('html').notNull(),
    /** The words a reader sees, for the feed's excerpt. */
    plain: text('plain').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    /** The reply an administrator marked as the answer. */
    answerId: uuid('answer_id'),
    hiddenAt: at('hidden_at'),
    deletedAt: at('deleted_at'),
    editedAt: at('edited_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', plain), 'C')`,
    ),
  },
  (t) => [
    check('community_posts_place_check', sql`(${t.category} is null) <> (${t.lessonPath} is null)`),
    check(
      'community_posts_category_check',
      sql`${t.category} in ('wins', 'questions', 'introductions', 'announcements')`,
    ),
    index('community_posts_new_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.category} is not null and ${t.deletedAt} is null`),
    index('community_posts_active_idx')
      .on(t.lastActivityAt, t.id)
      .where(sql`${t.category} is not null and ${t.deletedAt} is null`),
    index('community_posts_top_idx')
      .on(t.likeCount, t.id)
      .where(sql`${t.category} is not null and ${t.deletedAt} is null`),
    index('community_posts_category_idx')
      .on(t.category, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('community_posts_lesson_idx')
      .on(t.lessonPath, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('community_posts_pinned_idx')
      .on(t.createdAt)
      .where(sql`${t.pinned} and ${t.deletedAt} is null`),
    // The search ranks the newest matches: found through this when a word is common.
    index('community_posts_created_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index('community_posts_author_idx').on(t.authorId, t.createdAt),
    index('community_posts_search_idx').using('gin', t.search),
  ],
)

/** A reply to a post; `parent_id` names the reply it answers (one level deep). */
export const communityReplies = pgTable(
  'community_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => communityReplies.id, {
      onDelete: 'cascade',
    }),
    authorId: author(),
    body: text('body').notNull(),
    html: text('html').notNull(),
    plain: text('plain').notNull(),
    hiddenAt: at('hidden_at'),
    deletedAt: at('deleted_at'),
    editedAt: at('edited_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    likeCount: integer('like_count').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english', plain)`),
  },
  (t) => [
    index('community_replies_post_idx').on(t.postId, t.createdAt, t.id),
    index('community_replies_author_idx').on(t.authorId, t.createdAt),
    index('community_replies_created_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index('community_replies_search_idx').using('gin', t.search),
  ],
)

/** One member's reaction to a post or a reply. */
export const communityReactions = pgTable(
  'community_reactions',
  {
    targetId: uuid('target_id').notNull(),
    memberId: owner(),
    reaction: text('reaction').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.targetId, t.memberId, t.reaction] }),
    index('community_reactions_member_idx').on(t.memberId),
  ],
)

/** When a member last read a post's thread: newer activity marks it unread. */
export const communityReads = pgTable(
  'community_reads',
  {
    memberId: owner(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.postId] })],
)

/** Threads a member follows: their own, those they replied in, and those they chose. */
export const communityFollows = pgTable(
  'community_follows',
  {
    memberId: owner(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.postId] }), index().on(t.postId)],
)

/** A member's report of a post or reply; one per member and target. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    /** The reply reported, or null for the post itself. */
    replyId: uuid('reply_id').references(() => communityReplies.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('community_reports_once_idx').on(
      t.reporterId,
      t.postId,
      sql`coalesce(${t.replyId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('community_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
)

/**
 * A member's community settings: a mute an administrator set, and how they want to hear of
 * mentions and replies by e-mail (at once, in a daily digest, or never) and when the last digest
 * went.
 */
export const communityMembers = pgTable('community_members', {
  memberId: owner().primaryKey(),
  mutedUntil: at('muted_until'),
  mail: text('mail').notNull().default('instant'),
  digestSentAt: at('digest_sent_at'),
})

/**
 * What a member is told of: a mention, a reply in a thread they follow, an answer marked, an
 * announcement. The id grows with each one: a live stream resumes after the last id it sent.
 * `mailed_at` is set before the mail goes (at once, or in the day's digest); a row that needs
 * no mail is written with it set.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: owner(),
    kind: text('kind').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => communityReplies.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => members.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
    mailedAt: at('mailed_at'),
  },
  (t) => [
    index('notifications_member_idx').on(t.memberId, t.id),
    index('notifications_unread_idx')
      .on(t.memberId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unmailed_idx')
      .on(t.memberId, t.createdAt)
      .where(sql`${t.mailedAt} is null`),
  ],
)
