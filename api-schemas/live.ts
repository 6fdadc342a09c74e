import { z } from 'zod/mini'

import { authorSchema } from './author'
import { liveEndpoint } from './contract'

/**
 * The live stream of notifications and activity, in a file of its own: the app's live
 * connection loads only this, not the notifications screen's contract.
 */
export const NOTIFICATION_KINDS = ['mention', 'reply', 'answer', 'announcement'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const notificationSchema = z.object({
  /** Grows with each notification; a live stream resumes after the last one it sent. */
  id: z.int(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
  /** Who did it: the one who mentioned, replied, marked the answer or announced. */
  actor: z.nullable(authorSchema),
  post: z.object({
    id: z.string(),
    title: z.string(),
    /** The lesson a question is under, and its title. */
    lesson: z.nullable(z.object({ path: z.string(), title: z.string() })),
  }),
  replyId: z.nullable(z.string()),
  /** The start of what was written. */
  excerpt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

/**
 * What the live stream sends: each new notification with the unread count, and `activity` when
 * something was written in a thread the member may read (a screen showing it reads it again), and
 * `points` when the member's own points changed.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), unread: z.int() }),
  z.object({ type: z.literal('notification'), notification: notificationSchema, unread: z.int() }),
  /** The member's own points changed: a like received, a lesson completed, a check passed. */
  z.object({ type: z.literal('points'), points: z.int(), level: z.int() }),
  z.object({
    type: z.literal('activity'),
    postId: z.string(),
    lessonPath: z.nullable(z.string()),
  }),
])
export type LiveEvent = z.infer<typeof liveEventSchema>

/** The live stream's entry (in the notifications group). */
export const liveStream = liveEndpoint({
  method: 'GET',
  path: '/notifications/stream',
  access: 'member',
  title: 'Live notifications',
  summary:
    'Server-sent events: a hello with the unread count, then each new notification and the activity in threads the caller may read, as they happen on any instance. Sent again with Last-Event-ID, it first sends what came after that id',
  response: liveEventSchema,
})
