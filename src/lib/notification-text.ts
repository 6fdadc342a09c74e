import type { Notification } from '@schemas/live'

/** What a thread is called in a notification: its title, or the lesson a question is under. */
const about = (n: Notification) =>
  n.post.title ? `“${n.post.title}”` : `a question on “${n.post.lesson?.title ?? 'a lesson'}”`

/** "Milo Second replied in “First sale”", as the bell's list and its toasts say it. */
export function notificationText(n: Notification) {
  const who = n.actor?.name ?? 'Someone'
  switch (n.kind) {
    case 'mention':
      return `${who} mentioned you in ${about(n)}`
    case 'reply':
      return `${who} replied in ${about(n)}`
    case 'answer':
      return `${who} marked an answer in ${about(n)}`
    case 'announcement':
      return `${who} announced ${about(n)}`
  }
}

/** Where a notification leads: the thread, at the reply it is about. */
export const notificationHref = (n: Notification) =>
  `/admin/community/${n.post.id}${n.replyId ? `#reply-${n.replyId}` : ''}`
