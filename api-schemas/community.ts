import { z } from 'zod/mini'

import { authorSchema } from './author'
import { endpoint, envelope, requiredName, withThousands } from './contract'
import { lessonPathSchema } from './courses'

/** The feed's categories; only administrators write announcements. */
export const CATEGORIES = [
  { key: 'wins', label: 'Wins' },
  { key: 'questions', label: 'Questions' },
  { key: 'introductions', label: 'Introductions' },
  { key: 'announcements', label: 'Announcements', adminsOnly: true },
] as const
export type CategoryKey = (typeof CATEGORIES)[number]['key']
export const CATEGORY_KEYS = CATEGORIES.map((c) => c.key) as [CategoryKey, ...CategoryKey[]]
export const categoryLabel = (key: CategoryKey) => CATEGORIES.find((c) => c.key === key)!.label

/** A like (the reaction that counts) and a few emoji. */
export const REACTIONS = [
  { key: 'like', emoji: '👍', label: 'Like' },
  { key: 'love', emoji: '❤️', label: 'Love' },
  { key: 'celebrate', emoji: '🎉', label: 'Celebrate' },
  { key: 'insightful', emoji: '💡', label: 'Insightful' },
  { key: 'thanks', emoji: '🙏', label: 'Thanks' },
] as const
export type ReactionKey = (typeof REACTIONS)[number]['key']
export const REACTION_KEYS = REACTIONS.map((r) => r.key) as [ReactionKey, ...ReactionKey[]]

export const FEED_SORTS = ['new', 'top', 'active'] as const
export type FeedSort = (typeof FEED_SORTS)[number]
export const TOP_PERIODS = ['week', 'all'] as const

/** How long an author may change what they wrote. */
export const EDIT_MINUTES = 15
export const MAX_MENTIONS = 10
export const MAX_POST_LENGTH = 10_000
export const MAX_REPLY_LENGTH = 5_000
/** A member's first week: at most this many posts and replies an hour, and no links at first. */
export const NEW_MEMBER_DAYS = 7
export const NEW_MEMBER_POSTS_PER_HOUR = 5
export const NEW_MEMBER_REPLIES_PER_HOUR = 20
export const POSTS_PER_HOUR = 20
export const REPLIES_PER_HOUR = 100
export const POSTS_BEFORE_LINKS = 3

export { authorSchema, type Author } from './author'

export const reactionCountSchema = z.object({
  reaction: z.enum(REACTION_KEYS),
  count: z.int(),
  /** The caller gave this one. */
  mine: z.boolean(),
})
export type ReactionCount = z.infer<typeof reactionCountSchema>

/** What a reader may do and has done, shared by posts and replies. */
const writingSchema = {
  id: z.string(),
  author: authorSchema,
  /** The text as written (Markdown), for editing. */
  body: z.string(),
  /** Rendered on the server: no raw HTML; links `rel="nofollow ugc noopener"`. */
  html: z.string(),
  createdAt: z.iso.datetime(),
  editedAt: z.nullable(z.iso.datetime()),
  reactions: z.array(reactionCountSchema),
  /** Hidden by a moderator: shown only to administrators and its author. */
  hidden: z.boolean(),
  /** Until when the caller may still change it; null when they may not. */
  editableUntil: z.nullable(z.iso.datetime()),
  /** The caller may delete it (their own, or an administrator). */
  canDelete: z.boolean(),
}

export const replySchema = z.object({
  ...writingSchema,
  postId: z.string(),
  /** The reply it answers; null for a reply to the post. */
  parentId: z.nullable(z.string()),
  /** The post's answer, as an administrator marked it. */
  isAnswer: z.boolean(),
  /** Deleted with replies under it: kept as "deleted", without its text. */
  deleted: z.boolean(),
})
export type Reply = z.infer<typeof replySchema>

export const postSchema = z.object({
  ...writingSchema,
  category: z.nullable(z.enum(CATEGORY_KEYS)),
  /** The lesson a question is under, with its title. */
  lesson: z.nullable(z.object({ path: z.string(), title: z.string() })),
  title: z.string(),
  /** The start of the text, for lists. */
  excerpt: z.string(),
  lastActivityAt: z.iso.datetime(),
  replyCount: z.int(),
  pinned: z.boolean(),
  locked: z.boolean(),
  answerId: z.nullable(z.string()),
  /** Activity since the caller last read the thread (or they never did). */
  unread: z.boolean(),
  following: z.boolean(),
})
export type Post = z.infer<typeof postSchema>

export const threadSchema = z.object({ post: postSchema, replies: z.array(replySchema) })
export type Thread = z.infer<typeof threadSchema>

const cursorSchema = z.optional(
  z
    .string()
    .check(z.maxLength(200, 'Not a valid cursor'), z.regex(/^[\w-]+$/, 'Not a valid cursor')),
)

export const pageOfPosts = z.object({
  /** Pinned posts, on the first page only. */
  pinned: z.array(postSchema),
  items: z.array(postSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.nullable(z.string()),
})
export type PageOfPosts = z.infer<typeof pageOfPosts>

const limitQuery = z._default(
  z.coerce.number().check(z.int(), z.gte(1), z.lte(50, 'limit is at most 50')),
  20,
)

const postBody = (max: number, label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is empty: write something first`),
      z.maxLength(max, `${label} is at most ${withThousands(max)} characters`),
    )

export const newPostSchema = z.strictObject({
  category: z.enum(CATEGORY_KEYS),
  title: requiredName('Title', 150),
  body: postBody(MAX_POST_LENGTH, 'The post'),
})
export type NewPost = z.input<typeof newPostSchema>

export const editPostSchema = z.strictObject({
  title: z.optional(requiredName('Title', 150)),
  body: postBody(MAX_POST_LENGTH, 'The post'),
})

export const questionSchema = z.strictObject({ body: postBody(MAX_POST_LENGTH, 'The question') })

export const newReplySchema = z.strictObject({
  body: postBody(MAX_REPLY_LENGTH, 'The reply'),
  /** The reply this one answers; a reply to a reply joins its parent's level. */
  parentId: z.optional(z.uuid('Not a valid reply id')),
})

export const REPORT_REASONS = [
  { key: 'spam', label: 'Spam or advertising' },
  { key: 'abuse', label: 'Rude, hateful or harassing' },
  { key: 'misleading', label: 'Misleading income claims' },
  { key: 'other', label: 'Something else' },
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]['key']
export const REPORT_REASON_KEYS = REPORT_REASONS.map((r) => r.key) as [
  ReportReason,
  ...ReportReason[],
]

/** A post or reply members reported, with every open report on it. */
export const reportedSchema = z.object({
  post: z.object({ id: z.string(), title: z.string(), lessonPath: z.nullable(z.string()) }),
  /** The reply reported; null for the post itself. */
  replyId: z.nullable(z.string()),
  author: authorSchema,
  excerpt: z.string(),
  hidden: z.boolean(),
  reports: z.array(
    z.object({
      reason: z.enum(REPORT_REASON_KEYS),
      note: z.string(),
      reporter: authorSchema,
      createdAt: z.iso.datetime(),
    }),
  ),
})
export type Reported = z.infer<typeof reportedSchema>

export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })
const targetBody = {
  /** The reply; left out for the post itself. */
  replyId: z.optional(z.uuid('Not a valid reply id')),
}

export const community = {
  feed: endpoint({
    method: 'GET',
    path: '/community/posts',
    access: 'member',
    title: 'The community feed',
    summary:
      'Posts of the feed, newest, most liked (this week or ever) or with the latest activity first, in one category or all; cursor paging, pinned posts on the first page',
    query: z.strictObject({
      category: z.optional(z.enum(CATEGORY_KEYS)),
      sort: z._default(z.enum(FEED_SORTS), 'new'),
      period: z._default(z.enum(TOP_PERIODS), 'week'),
      cursor: cursorSchema,
      limit: limitQuery,
    }),
    response: envelope(pageOfPosts),
  }),
  create: endpoint({
    method: 'POST',
    path: '/community/posts',
    access: 'member',
    title: 'Write a post',
    summary: 'Write a post in a category of the feed; announcements are written by administrators',
    body: newPostSchema,
    status: 201,
    response: envelope(postSchema),
  }),
  thread: endpoint({
    method: 'GET',
    path: '/community/posts/:id',
    access: 'member',
    title: 'A thread',
    summary: 'A post with its replies, oldest first; marks it read for the caller',
    params: idParams,
    response: envelope(threadSchema),
  }),
  lesson: endpoint({
    method: 'GET',
    path: '/community/lesson',
    access: 'member',
    title: 'A lesson’s discussion',
    summary:
      'The questions under a lesson the caller may read, newest first (pinned first), with cursor paging; 403 as the lesson would answer',
    query: z.strictObject({ path: lessonPathSchema, cursor: cursorSchema, limit: limitQuery }),
    response: envelope(pageOfPosts),
  }),
  ask: endpoint({
    method: 'POST',
    path: '/community/lesson',
    access: 'member',
    title: 'Ask under a lesson',
    summary: 'Start a discussion under a lesson the caller may read',
    query: z.strictObject({ path: lessonPathSchema }),
    body: questionSchema,
    status: 201,
    response: envelope(postSchema),
  }),
  editPost: endpoint({
    method: 'PUT',
    path: '/community/posts/:id',
    access: 'member',
    title: 'Change a post',
    summary: `Change an own post, within ${EDIT_MINUTES} minutes of writing it`,
    params: idParams,
    body: editPostSchema,
    response: envelope(postSchema),
  }),
  deletePost: endpoint({
    method: 'DELETE',
    path: '/community/posts/:id',
    access: 'member',
    title: 'Delete a post',
    summary: 'Delete an own post and its replies (administrators: any post, audited)',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
  reply: endpoint({
    method: 'POST',
    path: '/community/posts/:id/replies',
    access: 'member',
    title: 'Reply',
    summary:
      'Reply to a post, or to a reply (one level deep); the caller follows the thread from then on',
    params: idParams,
    body: newReplySchema,
    status: 201,
    response: envelope(replySchema),
  }),
  editReply: endpoint({
    method: 'PUT',
    path: '/community/replies/:id',
    access: 'member',
    title: 'Change a reply',
    summary: `Change an own reply, within ${EDIT_MINUTES} minutes of writing it`,
    params: idParams,
    body: z.strictObject({ body: postBody(MAX_REPLY_LENGTH, 'The reply') }),
    response: envelope(replySchema),
  }),
  deleteReply: endpoint({
    method: 'DELETE',
    path: '/community/replies/:id',
    access: 'member',
    title: 'Delete a reply',
    summary: 'Delete an own reply (administrators: any reply, audited)',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
  react: endpoint({
    method: 'PUT',
    path: '/community/posts/:id/reactions',
    access: 'member',
    title: 'React',
    summary: 'Give or take back a reaction to a post, or to one of its replies',
    params: idParams,
    body: z.strictObject({ ...targetBody, reaction: z.enum(REACTION_KEYS), on: z.boolean() }),
    response: envelope(z.object({ reactions: z.array(reactionCountSchema) })),
  }),
  follow: endpoint({
    method: 'PUT',
    path: '/community/posts/:id/follow',
    access: 'member',
    title: 'Follow a thread',
    summary: 'Follow a thread (hear of its replies) or stop',
    params: idParams,
    body: z.strictObject({ following: z.boolean() }),
    response: envelope(z.object({ following: z.boolean() })),
  }),
  mentions: endpoint({
    method: 'GET',
    path: '/community/mentions',
    access: 'member',
    title: 'Members to mention',
    summary:
      'Members whose name or handle starts with the text, among those who may read the thread (a post, or a lesson)',
    query: z.strictObject({
      q: z.string().check(z.trim(), z.maxLength(40, 'The search is at most 40 characters')),
      post: z.optional(z.uuid('Not a valid post id')),
      path: z.optional(lessonPathSchema),
    }),
    response: envelope(z.array(authorSchema)),
  }),
  report: endpoint({
    method: 'POST',
    path: '/community/posts/:id/reports',
    access: 'member',
    title: 'Report',
    summary:
      'Report a post or a reply to the administrators, with a reason; three members’ reports hide it until an administrator looks',
    params: idParams,
    body: z.strictObject({
      ...targetBody,
      reason: z.enum(REPORT_REASON_KEYS),
      note: z._default(
        z.string().check(z.trim(), z.maxLength(500, 'The note is at most 500 characters')),
        '',
      ),
    }),
    status: 201,
    response: envelope(z.object({ message: z.string() })),
  }),
  pin: endpoint({
    method: 'PUT',
    path: '/community/posts/:id/pin',
    access: 'admin',
    title: 'Pin a post',
    summary: 'Pin a post to the top of its category or lesson, or unpin it; audited',
    params: idParams,
    body: z.strictObject({ pinned: z.boolean() }),
    response: envelope(postSchema),
  }),
  lock: endpoint({
    method: 'PUT',
    path: '/community/posts/:id/lock',
    access: 'admin',
    title: 'Lock a thread',
    summary: 'Lock a thread (no more replies from members) or open it again; audited',
    params: idParams,
    body: z.strictObject({ locked: z.boolean() }),
    response: envelope(postSchema),
  }),
  answer: endpoint({
    method: 'PUT',
    path: '/community/posts/:id/answer',
    access: 'admin',
    title: 'Mark the answer',
    summary: 'Mark one of a post’s replies as its answer, or none (null)',
    params: idParams,
    body: z.strictObject({ replyId: z.nullable(z.uuid('Not a valid reply id')) }),
    response: envelope(postSchema),
  }),
  reports: endpoint({
    method: 'GET',
    path: '/community/reports',
    access: 'admin',
    title: 'Reports to review',
    summary:
      'Posts and replies with reports no administrator has acted on yet, the longest waiting first',
    response: envelope(z.array(reportedSchema)),
  }),
  moderate: endpoint({
    method: 'POST',
    path: '/community/posts/:id/moderate',
    access: 'admin',
    title: 'Moderate',
    summary:
      'Hide, restore or delete a post or a reply, or dismiss its reports; closes the reports on it; audited',
    params: idParams,
    body: z.strictObject({ ...targetBody, action: z.enum(MODERATION_ACTIONS) }),
    response: envelope(z.object({ message: z.string() })),
  }),
  mute: endpoint({
    method: 'PUT',
    path: '/community/members/:id/mute',
    access: 'admin',
    title: 'Mute a member',
    summary:
      'Keep a member from posting, replying and reacting for a number of days (0 lifts it); audited',
    params: idParams,
    body: z.strictObject({
      days: z.int().check(z.gte(0), z.lte(365, 'A mute lasts at most 365 days')),
    }),
    response: envelope(z.object({ mutedUntil: z.nullable(z.iso.datetime()) })),
  }),
}
