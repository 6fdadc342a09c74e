// Loaded by the service worker the build writes (build/vite-plugins/pwa.ts), before Workbox.
// The live notifications stream goes straight to the network, never through the worker
// (Service Worker Static Routing): a request the worker handles keeps it busy for as long as
// the stream is open, and a new version's worker would wait for that to end before taking
// over. Browsers without static routing send it through the worker, which does not touch it.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return
  event.waitUntil(
    event
      .addRoutes({
        condition: { urlPattern: new URLPattern({ pathname: '/api/notifications/stream' }) },
        source: 'network',
      })
      .catch(() => undefined),
  )
})
