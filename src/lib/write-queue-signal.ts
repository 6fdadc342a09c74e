/**
 * What the app's shell knows of the changes waiting for the connection without loading the
 * queue (lib/write-queue.ts): how many wait, kept in localStorage, and an event when one is
 * kept. The list of them loads only when there is something to list.
 */
const WAITING_COUNT = 'waitingWrites'
export const WRITES_QUEUED = 'members-area:writes-queued'

export const hasWaitingWrites = () => Number(localStorage.getItem(WAITING_COUNT) ?? 0) > 0

/** Called by the queue whenever what waits changes. */
export function signalWaitingWrites(count: number, queued: boolean) {
  if (count > 0) localStorage.setItem(WAITING_COUNT, String(count))
  else localStorage.removeItem(WAITING_COUNT)
  if (queued) window.dispatchEvent(new Event(WRITES_QUEUED))
}
