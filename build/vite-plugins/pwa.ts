import { VitePWA } from 'vite-plugin-pwa'

import { offlineScripts } from './offline-code.ts'

/**
 * The web app manifest and the service worker (Workbox's generateSW). The worker precaches
 * index.html, the styles, fonts and icons, and of the scripts the app's start and the screens a
 * member reads offline (offline-code.ts), so the app opens without a connection and shows what
 * it holds; every navigation outside the API is answered with index.html from the cache.
 * Another screen's code is kept once the member opens it; one never opened says offline that it
 * needs a connection (src/features/errors/route-error-screen.tsx). Of the API's answers it keeps
 * only the lessons the member opens (GET /api/lesson answered 200: a locked or drip lesson is
 * never kept), read from the network first and from the cache only without one; signing in or
 * out deletes them (src/lib/offline-caches.ts). The app keeps its own copy of the member's notes
 * (src/lib/notes-copy.ts). A new worker waits until the member chooses "Reload to update"
 * (src/lib/service-worker.ts), so an open tab never mixes two versions' files. The worker is
 * registered by the app once it is idle, off the first paint's path, and the first one takes
 * over the page that registered it at once.
 */
export const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Members Area',
      short_name: 'Members',
      description: 'Training, tools and earnings for members.',
      id: '/admin/dashboard',
      start_url: '/admin/dashboard',
      scope: '/',
      display: 'standalone',
      // The default theme's primary colour (src/theme/themes.ts; the app's theme-color meta tag
      // follows the member's theme while it runs) and the loading screen's background.
      theme_color: '#4E71D6',
      background_color: '#f4f7fb',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // The live stream bypasses the worker (public/sw-routes.js).
      importScripts: ['/sw-routes.js'],
      globPatterns: ['**/*.{js,css,html,woff2,png,svg}'],
      // The prerendered pages are a first visit's fast start; a cached app starts fast anyway.
      globIgnores: ['pages/**'],
      // Of the scripts, the app's start and the screens read offline (offline-code.ts).
      manifestTransforms: [
        (entries) => ({
          manifest: entries.filter(
            ({ url }) => !/^assets\/.*\.js$/.test(url) || offlineScripts.has(url),
          ),
          warnings: [],
        }),
      ],
      navigateFallback: '/index.html',
      // The API and its readable reference are never answered from the cache.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/metrics/],
      runtimeCaching: [
        {
          // Another screen's code, kept once the member has opened it (its name changes with
          // its contents, so a kept copy is never stale).
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'app-code',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300, maxAgeSeconds: 90 * 24 * 60 * 60 },
          },
        },
        {
          urlPattern: ({ url }) => url.pathname === '/api/lesson',
          handler: 'NetworkFirst',
          options: {
            // LESSON_CACHE in src/lib/offline-caches.ts, which deletes it.
            cacheName: 'member-lessons',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300 },
          },
        },
        {
          // A thread read, and a lesson's questions, stay readable without a connection.
          urlPattern: ({ url }) =>
            /^\/api\/community\/posts\/[0-9a-f-]{36}$/.test(url.pathname) ||
            url.pathname === '/api/community/lesson',
          handler: 'NetworkFirst',
          options: {
            // THREAD_CACHE in src/lib/offline-caches.ts, which deletes it.
            cacheName: 'member-threads',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 200 },
          },
        },
      ],
      cleanupOutdatedCaches: true,
      // The first worker takes the page that installed it, so the lessons and notes that page
      // opens next are kept for offline reading; without it, only pages opened after the worker
      // was active were answered through it. A page another worker controls moves to a new one
      // only once the member chooses "Reload to update" (skipWaiting stays off).
      clientsClaim: true,
      skipWaiting: false,
    },
  })
