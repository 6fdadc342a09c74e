import { createRequire } from 'node:module'

// The embedded database's worker thread starts here. Its code is TypeScript, as the server's is,
// and a worker thread does not inherit the tsx loader the server runs under: tsx's require hook
// loads it, in this thread (its import hook would start a loader thread for each worker).
const load = createRequire(import.meta.url)
load('tsx/cjs/api').register()
load('./embedded-worker.ts')
