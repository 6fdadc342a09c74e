import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

import { startNetworks } from './networks'
import { startServer } from './server-process'

const root = resolve(import.meta.dirname, '../..')

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
  const networks = await startNetworks()
  // The schedules off, as everywhere in the browser tests: a test sends what it needs.
  const { baseURL, logPath, stop } = await startServer(staticDir, networks.env)
  process.env.E2E_BASE_URL = baseURL
  process.env.E2E_SERVER_LOG = logPath
  process.env.E2E_STATIC_DIR = staticDir

  return async () => {
    await stop()
    await networks.close()
  }
}
