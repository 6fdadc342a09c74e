import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { startNetworks } from './networks'

const root = resolve(import.meta.dirname, '../..')

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts the real server as `npm start` does (the built one), on a fresh embedded database in a temp folder, with
 * its log in a file the tests read mail links from, and the affiliate networks on loopback. The app must be built (`npm run test:e2e` does).
 */
export default async function globalSetup() {
  const staticDir = resolve(root, process.env.STATIC_DIR ?? 'dist')
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(
      `Build the app first into ${staticDir}: npm run build (npm run test:e2e does it)`,
    )
  }
  // The server as production runs it: built, compiling nothing at start.
  const serverEntry = join(root, 'dist-server', 'server.js')
  if (!existsSync(serverEntry)) {
    throw new Error('Build the server first: npm run build (npm run test:e2e does it)')
  }
  const dir = mkdtempSync(join(tmpdir(), 'members-area-e2e-'))
  const port = await freePort()
  const logPath = join(dir, 'server.log')
  const log = openSync(logPath, 'a')
  const networks = await startNetworks()
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: staticDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      EARNINGS_SYNC_MINUTES: '0',
      // A busy test machine must not shed the browser's requests.
      MAX_EVENT_LOOP_DELAY_MS: '10000',
      ...networks.env,
    },
    stdio: ['ignore', log, log],
  })
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited; see ${logPath}`)
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in 60 s; see ${logPath}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  process.env.E2E_BASE_URL = baseURL
  process.env.E2E_SERVER_LOG = logPath
  process.env.E2E_STATIC_DIR = staticDir

  return async () => {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await networks.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
