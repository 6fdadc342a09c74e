import { z } from 'zod/mini'

import { CONTENT_PLATFORMS } from './content'
import { endpoint, envelope, requiredText } from './contract'

/** The channels a queued post goes out on: the content planner's platforms. */
export const QUEUE_CHANNELS = CONTENT_PLATFORMS
export type QueueChannel = (typeof QUEUE_CHANNELS)[number]

/** Instagram's caption limit, the longest of the usual channels a beginner posts to. */
export const MAX_POST_TEXT = 2_200
export const MAX_QUEUE_POSTS = 500
/** How long a queued post's calendar event lasts. */
export const QUEUE_EVENT_MINUTES = 30

export const queuePostSchema = z.object({
  id: z.string(),
  channel: z.enum(QUEUE_CHANNELS),
  text: z.string(),
  scheduledAt: z.nullable(z.iso.datetime()),
  position: z.number(),
  postedAt: z.nullable(z.iso.datetime()),
  /** The calendar event the post was put on, while that event exists. */
  eventId: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type QueuePost = z.infer<typeof queuePostSchema>

const channel = z.enum(QUEUE_CHANNELS, 'Choose a channel')
const text = requiredText('Post text', MAX_POST_TEXT)
const scheduledAt = z.nullable(
  z.iso.datetime({ offset: true, error: 'The time must be a date and time' }),
)

export const queueCreateSchema = z.strictObject({
  channel,
  text,
  scheduledAt: z._default(scheduledAt, null),
})
export type QueueCreate = z.input<typeof queueCreateSchema>

/** Only what is sent changes; `posted` marks the post as gone out (or back in the queue). */
export const queueUpdateSchema = z.strictObject({
  channel: z.optional(channel),
  text: z.optional(text),
  scheduledAt: z.optional(scheduledAt),
  posted: z.optional(z.boolean()),
})
export type QueueUpdate = z.input<typeof queueUpdateSchema>

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })
const onePost = envelope(queuePostSchema)

export const queue = {
  list: endpoint({
    method: 'GET',
    path: '/bufferqueue',
    access: 'member',
    area: 'quickCash',
    summary: 'The own posting queue: waiting posts in queue order, then posted ones, newest first',
    response: envelope(z.array(queuePostSchema)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/bufferqueue',
    access: 'member',
    area: 'quickCash',
    summary: 'Add a post at the end of the queue',
    body: queueCreateSchema,
    status: 201,
    response: onePost,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/bufferqueue/:id',
    access: 'member',
    area: 'quickCash',
    summary: 'Change a queued post, or mark it posted',
    params: idParams,
    body: queueUpdateSchema,
    response: onePost,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/bufferqueue/:id',
    access: 'member',
    area: 'quickCash',
    summary: 'Delete a queued post (its calendar event stays)',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/bufferqueue/order',
    access: 'member',
    area: 'quickCash',
    summary: 'Put the waiting posts in this order (every waiting post, each once)',
    body: z.strictObject({
      ids: z
        .array(z.uuid('Not a valid id'))
        .check(z.maxLength(MAX_QUEUE_POSTS, `At most ${MAX_QUEUE_POSTS} posts`)),
    }),
    response: envelope(z.array(queuePostSchema)),
  }),
  toCalendar: endpoint({
    method: 'POST',
    path: '/bufferqueue/:id/event',
    access: 'member',
    area: 'quickCash',
    summary: `Put a post with a time on the calendar, as a ${QUEUE_EVENT_MINUTES}-minute event`,
    params: idParams,
    status: 201,
    response: onePost,
  }),
}
