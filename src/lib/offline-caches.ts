/**
 * The service worker's cache of the lessons this member has opened, filled by the worker the
 * build writes (build/vite-plugins/pwa.ts) and read when there is no connection.
 */
export const LESSON_CACHE = 'member-lessons'

/**
 * Deletes every copy of a member's answers the service worker keeps, so that the next member on
 * this device finds none of them.
 */
export async function dropOfflineCopies() {
  if (typeof caches === 'undefined') return
  await caches.delete(LESSON_CACHE)
}
