import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

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
 * The built server (`dist-server/server.js`) as `npm start` runs it, on a fresh embedded
 * database in a temp folder, its log in a file there (where the outbox's links are read), the
 * schedules off unless `env` turns them on. Resolves once it answers its health check.
 */
export async function startServer(staticDir: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-e2e-'))
  const port = await freePort()
  const logPath = join(dir, 'server.log')
  const log = openSync(logPath, 'a')
  const server = spawn(process.execPath, [join(root, 'dist-server', 'server.js')], {
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
      REMINDER_MINUTES: '0',
      // A busy test machine must not shed the browser's requests.
      MAX_EVENT_LOOP_DELAY_MS: '10000',
      MAX_QUEUE_MS: '15000',
      MAX_ADMIT_WAIT_MS: '15000',
      ...env,
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
  return {
    baseURL,
    logPath,
    async stop() {
      server.kill('SIGTERM')
      await new Promise((r) => server.once('exit', r))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
