import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'
import { REMINDER_KINDS, type ReminderKind } from './reminder-kinds'

export { REMINDER_KINDS, type ReminderKind }

export const reminderLabels: Record<ReminderKind, { title: string; detail: string }> = {
  continue: {
    title: 'Continue where you left off',
    detail: 'After 3 days without learning, a link to your lesson; at most once a week.',
  },
  events: {
    title: 'Your events',
    detail: 'When an event in your calendar starts within 24 hours.',
  },
  weekly: {
    title: 'Weekly summary',
    detail: 'On Monday morning: your progress, points and streak, and the community’s best posts.',
  },
}

/** What a member chose; `chosen` is false until they did (and nothing is sent before). */
export const reminderSettingsSchema = z.object({
  continue: z.boolean(),
  events: z.boolean(),
  weekly: z.boolean(),
  chosen: z.boolean(),
})
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>

const tokenQuery = z
  .string()
  .check(z.maxLength(300, 'Not a valid link'), z.minLength(1, 'Not a valid link'))

export const reminders = {
  reminders: endpoint({
    method: 'GET',
    path: '/reminders',
    access: 'member',
    title: 'Reminder e-mail settings',
    summary: 'Which reminder e-mails the caller chose, and whether they chose yet',
    response: envelope(reminderSettingsSchema),
  }),
  saveReminders: endpoint({
    method: 'PUT',
    path: '/reminders',
    access: 'member',
    title: 'Choose reminder e-mails',
    summary: 'Choose which reminder e-mails to get (none is a choice too)',
    body: z.strictObject({ continue: z.boolean(), events: z.boolean(), weekly: z.boolean() }),
    response: envelope(reminderSettingsSchema),
  }),
  unsubscribeReminder: endpoint({
    method: 'POST',
    path: '/reminders/unsubscribe',
    access: 'public',
    title: 'Unsubscribe from a reminder e-mail',
    summary:
      'One-click unsubscribe (RFC 8058): the link of a reminder e-mail stops that kind of reminder, without signing in',
    query: z.strictObject({ token: tokenQuery, kind: z.enum(REMINDER_KINDS) }),
    // What a mail program posts (RFC 8058), as a form: List-Unsubscribe=One-Click.
    body: z.optional(z.strictObject({ 'List-Unsubscribe': z.optional(z.literal('One-Click')) })),
    formEncoded: true,
    response: envelope(z.object({ message: z.string() })),
  }),
  runReminders: endpoint({
    method: 'POST',
    path: '/reminders/run',
    access: 'admin',
    title: 'Send the reminders due now',
    summary:
      'Send the reminder e-mails that are due now, as the schedule does; none twice (administrators)',
    response: envelope(
      z.object({
        ran: z.boolean(),
        sent: z.object({ continue: z.number(), events: z.number(), weekly: z.number() }),
      }),
    ),
  }),
}
