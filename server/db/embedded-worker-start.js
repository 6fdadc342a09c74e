import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

// The embedded database's worker thread starts here. Built (dist-server/), its code is beside this
// file as JavaScript. From the source, it is TypeScript, and a worker thread does not inherit the
// tsx loader the server runs under: tsx's require hook loads it, in this thread (its import hook
// would start a loader thread for each worker).
const built = new URL('./embedded-worker.js', import.meta.url)
if (existsSync(built)) {
  await import(built.href)
} else {
  const load = createRequire(import.meta.url)
  load('tsx/cjs/api').register()
  load('./embedded-worker.ts')
}
