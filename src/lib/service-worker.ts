import type { QueryClient } from '@tanstack/react-query'

import { firstScreenSettled } from './first-screen-settled'
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
 * Once the first screen has settled (its data has arrived and been drawn, see
 * firstScreenSettled) and the page has loaded: the worker's install downloads the whole app,
 * which must not compete with the first screen, for the connection nor, on a phone's few cores,
 * for the CPU (on a 2-core machine it took about as much CPU as the dashboard's own start-up,
 * while that ran). The page's load and an idle moment alone came too early: the start-up yields
 * between its steps, and their code is not part of the load.
 */
export function registerWhenIdle(client: QueryClient) {
  if (!('serviceWorker' in navigator)) return
  const settled = firstScreenSettled(client)
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  void Promise.all([settled, loaded]).then(() => registerServiceWorker().catch(() => undefined))
}
