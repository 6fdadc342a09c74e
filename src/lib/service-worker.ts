import { liveCode } from './live-code'
import { toast } from './toast'

/** The words of the update prompt, for the screen and the tests. */
export const UPDATE_READY = 'A new version of Members Area is ready.'
export const RELOAD_TO_UPDATE = 'Reload to update'

/**
 * Registers the service worker the build writes (build/vite-plugins/pwa.ts). When a new version
 * has been deployed, its worker installs and then waits; the member is offered "Reload to
 * update", and only then does the new worker take over (the worker's SKIP_WAITING message) and
 * the page reload, so an open tab never runs old scripts against new files. A few lines of
 * the browser's own API, where workbox-window would add 3 KiB to every first screen.
 */
export async function registerServiceWorker() {
  const registration = await navigator.serviceWorker.register('/sw.js')
  // Only a page a worker already answers has an old version to replace: on the first visit
  // the new worker takes over at once.
  const offer = (waiting: ServiceWorker) => {
    if (!navigator.serviceWorker.controller) return
    toast.info(UPDATE_READY, {
      duration: Infinity,
      action: {
        label: RELOAD_TO_UPDATE,
        // The click may be the member's first act on the page, which loads the live stream's
        // code (notification-bell.tsx). The old worker is stopped before the new one takes over,
        // and a request that meets it stopping starts it again: the new one then waits until it
        // idles, half a minute or more. So the takeover waits for that code, when it was asked for.
        onClick: () =>
          void Promise.allSettled([liveCode.arriving]).then(() => {
            navigator.serviceWorker.addEventListener('controllerchange', () =>
              window.location.reload(),
            )
            waiting.postMessage({ type: 'SKIP_WAITING' })
          }),
      },
    })
  }
  // A worker that is 'installed' while another controls the page is the one waiting.
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return
    if (worker.state === 'installed') offer(worker)
    else worker.addEventListener('statechange', () => worker.state === 'installed' && offer(worker))
  }
  // The update may have begun before this page registered.
  follow(registration.waiting ?? registration.installing)
  registration.addEventListener('updatefound', () => follow(registration.installing))
}

/**
 * After the page has loaded and the main thread is idle: the worker's install downloads the
 * whole app, which must not compete with the first screen.
 */
export function registerWhenIdle() {
  if (!('serviceWorker' in navigator)) return
  // Safari has no requestIdleCallback: there, a task after the load.
  const whenIdle = (run: () => void) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(run, { timeout: 10_000 })
      : setTimeout(run, 0)
  const register = () => whenIdle(() => void registerServiceWorker().catch(() => undefined))
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
