import { createMemoryHistory } from '@tanstack/react-router'
import { beforeAll } from 'vitest'

import { createApp } from '@/app'

// Every screen's code is loaded before a file's tests, as a browser that has the app cached has
// it: a test's waits then time the screen, not the first import of its modules, which on a busy
// machine took longer than a wait allows. Files share a worker's modules, so this is paid once
// per worker. Not for the files that replace a module with vi.mock: importing the app here would
// load the real module before their stand-in is registered.
beforeAll(async () => {
  const { router } = createApp({ history: createMemoryHistory() })
  await Promise.all(Object.values(router.routesById).map((route) => router.loadRouteChunk(route)))
}, 120_000)
