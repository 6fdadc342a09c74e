import { cpSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

/**
 * Builds the server to JavaScript in `dist-server/`, so production runs `node dist-server/server.js`
 * and compiles nothing at start: the server, the operator's command line and the embedded
 * database's worker, with their shared code in chunks and every package left to `node_modules`.
 * The migrations and the worker's starter go beside them, where the code looks for them.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}dist-server`

rmSync(out, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'server/server.ts',
    cli: 'server/cli.ts',
    'embedded-worker': 'server/db/embedded-worker.ts',
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
cpSync(`${root}server/db/migrations`, `${out}/migrations`, { recursive: true })
cpSync(`${root}server/db/embedded-worker-start.js`, `${out}/embedded-worker-start.js`)
