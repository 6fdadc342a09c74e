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

/** How long a reload waits for the newest version's service worker to install. */
const INSTALL_WAIT_MS = 30_000

/**
 * Reloads into the newest version. A page the service worker answers gets the version the
 * worker holds, and it keeps only the app's start and the screens read offline
 * (build/vite-plugins/offline-code.ts): once a new version is deployed, another screen's code
 * of the old one is gone from the server, and a plain reload would start the old version again.
 * So the worker is asked for an update first, and the new one, once installed, takes over
 * before the reload. Without a worker, or if none installs in time, a plain reload.
 */
export async function reloadToLatest(target: Window = window) {
  const reload = () => target.location.reload()
  const container = target.navigator?.serviceWorker as ServiceWorkerContainer | undefined
  const registration = container?.controller ? await container.getRegistration() : undefined
  if (!container || !registration) return reload()
  try {
    await registration.update()
  } catch {
    // Offline, or the server is down: the version at hand is the one to reload.
    return reload()
  }
  const installed = (worker: ServiceWorker | null) =>
    new Promise<ServiceWorker | null>((done) => {
      if (!worker || worker.state === 'installed') return done(worker)
      const timer = setTimeout(() => done(null), INSTALL_WAIT_MS)
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' || worker.state === 'redundant') {
          clearTimeout(timer)
          done(worker.state === 'installed' ? worker : null)
        }
      })
    })
  const waiting = registration.waiting ?? (await installed(registration.installing))
  if (!waiting) return reload()
  container.addEventListener('controllerchange', reload, { once: true })
  waiting.postMessage({ type: 'SKIP_WAITING' })
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
    void reloadToLatest(target)
  }
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => target.removeEventListener('vite:preloadError', onPreloadError)
}
