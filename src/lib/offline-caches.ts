/**
 * The service worker's cache of the lessons this member has opened, filled by the worker the
 * build writes (build/vite-plugins/pwa.ts) and read when there is no connection.
 */
export const LESSON_CACHE = 'member-lessons'
/** The service worker's cache of the community threads (and lessons' questions) read. */
export const THREAD_CACHE = 'member-threads'
/**
 * Where the service worker kept the member's list of notes before the app kept its own copy
 * (lib/notes-copy.ts): a device that still has it has it deleted at sign-out.
 */
export const NOTES_CACHE = 'member-notes'

/**
 * Deletes every copy of a member's answers the service worker keeps, so that the next member on
 * this device finds none of them.
 */
export async function dropOfflineCopies() {
  await import('./notes-copy').then((copy) => copy.dropNotesCopy()).catch(() => undefined)
  if (typeof caches === 'undefined') return
  await Promise.all([LESSON_CACHE, NOTES_CACHE, THREAD_CACHE].map((name) => caches.delete(name)))
}

/** The query key of `keptLessonPaths`, refreshed when lessons are kept. */
export const KEPT_LESSONS_KEY = ['offline', 'lessons'] as const

/** The paths of the lessons the service worker keeps for reading offline; none without one. */
export async function keptLessonPaths(): Promise<ReadonlySet<string>> {
  if (typeof caches === 'undefined' || !(await caches.has(LESSON_CACHE))) return new Set()
  const requests = await (await caches.open(LESSON_CACHE)).keys()
  return new Set(requests.map((request) => new URL(request.url).searchParams.get('path') ?? ''))
}
