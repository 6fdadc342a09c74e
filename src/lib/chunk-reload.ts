const KEY = 'chunkReloadAt'
/** A second failure within this window means a reload did not help: show the error instead. */
const WINDOW_MS = 60_000

/**
 * After a new deploy the hashed chunks of the old build are gone; the first failed chunk load
 * reloads the page to fetch the new build. The time of that reload is kept in sessionStorage so
 * a chunk that keeps failing cannot loop: the error then reaches the route's error screen.
 */
export function shouldReloadForChunkError(
  storage: Storage = sessionStorage,
  now: number = Date.now(),
) {
  const last = Number(storage.getItem(KEY))
  if (Number.isFinite(last) && last > 0 && now - last < WINDOW_MS) return false
  storage.setItem(KEY, String(now))
  return true
}

/**
 * Reloads on Vite's `vite:preloadError`, but only while a navigation waits for the chunk: a
 * failed preload on hover must not reload the page under a member who is typing. The event is
 * not cancelled, so the error still reaches the router and its error screen shows until the
 * reload replaces it.
 */
export function listenForChunkErrors(isNavigating: () => boolean, target: Window = window) {
  const onPreloadError = () => {
    if (!isNavigating() || !shouldReloadForChunkError()) return
    target.location.reload()
  }
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => target.removeEventListener('vite:preloadError', onPreloadError)
}
