import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'
import { liveStream, notificationSchema } from './live'

export {
  liveEventSchema,
  NOTIFICATION_KINDS,
  notificationSchema,
  type LiveEvent,
  type Notification,
  type NotificationKind,
} from './live'

/** How a member hears of mentions and replies by e-mail. */
export const MAIL_CHOICES = [
  { key: 'instant', label: 'At once, one e-mail each' },
  { key: 'daily', label: 'A daily digest' },
  { key: 'never', label: 'Never: only in the app' },
] as const
export type MailChoice = (typeof MAIL_CHOICES)[number]['key']
const MAIL_KEYS = MAIL_CHOICES.map((c) => c.key) as [MailChoice, ...MailChoice[]]

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** How many the member has not read, in all. */
  unread: z.int(),
  /** Pass as `before` for older ones; null at the end. */
  nextBefore: z.nullable(z.int()),
})
export type NotificationPage = z.infer<typeof notificationPageSchema>

export const notifications = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    access: 'member',
    title: 'Notifications',
    summary:
      'The caller’s notifications, newest first, 20 at a time (`before`: older than that id), and how many are unread',
    query: z.strictObject({
      before: z.optional(z.coerce.number().check(z.int(), z.gte(1))),
    }),
    response: envelope(notificationPageSchema),
  }),
  read: endpoint({
    method: 'PUT',
    path: '/notifications/read',
    access: 'member',
    title: 'Mark notifications read',
    summary: 'Mark some of the caller’s notifications read, or all of them (`all: true`)',
    body: z.strictObject({
      ids: z._default(z.array(z.int()).check(z.maxLength(100)), []),
      all: z._default(z.boolean(), false),
    }),
    response: envelope(z.object({ unread: z.int() })),
  }),
  stream: liveStream,
  settings: endpoint({
    method: 'GET',
    path: '/notifications/settings',
    access: 'member',
    title: 'Notification e-mail settings',
    summary: 'How the caller hears of mentions and replies by e-mail',
    response: envelope(z.object({ mail: z.enum(MAIL_KEYS) })),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/notifications/settings',
    access: 'member',
    title: 'Save notification e-mail settings',
    summary: 'Hear of mentions and replies by e-mail at once, in a daily digest, or never',
    body: z.strictObject({ mail: z.enum(MAIL_KEYS) }),
    response: envelope(z.object({ mail: z.enum(MAIL_KEYS) })),
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/notifications/unsubscribe',
    access: 'public',
    title: 'Unsubscribe from community e-mail',
    summary:
      'One-click unsubscribe (RFC 8058): the link of a community e-mail stops them, without signing in',
    query: z.strictObject({
      token: z
        .string()
        .check(z.maxLength(300, 'Not a valid link'), z.minLength(1, 'Not a valid link')),
    }),
    // What a mail program posts (RFC 8058), as a form: List-Unsubscribe=One-Click.
    body: z.optional(z.strictObject({ 'List-Unsubscribe': z.optional(z.literal('One-Click')) })),
    formEncoded: true,
    response: envelope(z.object({ message: z.string() })),
  }),
}
