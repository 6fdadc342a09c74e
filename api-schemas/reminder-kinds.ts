/**
 * The reminder e-mails a member may choose, each stopped on its own: in a file of their own, as
 * the unsubscribe page's address names one and the app's routes load without the contract.
 */
export const REMINDER_KINDS = ['continue', 'events', 'weekly'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]
