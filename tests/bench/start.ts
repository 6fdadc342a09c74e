import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { freePort, percentile, printTable, root } from './process'

/**
 * How long the server takes from `node` starting to its first healthy answer: from the source
 * through tsx (as before the build) and built (`dist-server/`, as `npm start` runs it), the two
 * taking turns on the same embedded database, so a busy moment of the machine falls on both.
 *
 *   npm run bench:start [-- --rounds 7]
 */
const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 7)
const built = join(root, 'dist-server', 'server.js')
if (!existsSync(built)) throw new Error('Build the server first: npm run build')

const dir = mkdtempSync(join(tmpdir(), 'members-area-start-'))
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  STATIC_DIR: join(dir, 'no-app'),
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  EARNINGS_SYNC_MINUTES: '0',
  HOST: '127.0.0.1',
}

const ways = {
  'source (tsx)': ['--import', 'tsx', 'server/server.ts'],
  'built (dist-server)': [built],
} as const

/** Milliseconds from spawning `args` to the first 200 of /api/health. */
async function timeToHealthy(args: readonly string[]): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: root, env: { ...env, PORT: String(port) } })
  let output = ''
  child.stderr.on('data', (c) => (output += c))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`)
      if (performance.now() - started > 60_000) throw new Error(`no healthy answer:\n${output}`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return performance.now() - started
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

try {
  // The first start creates the database, loads the content and seeds the demo: not measured.
  await timeToHealthy(ways['built (dist-server)'])
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((w) => [w, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [way, args] of Object.entries(ways)) times[way]!.push(await timeToHealthy(args))
  }
  const median = (way: string) => percentile(times[way]!, 50)
  const source = median('source (tsx)')
  printTable([
    ['start', 'median ms', 'min ms', 'max ms', 'vs source'],
    ...Object.keys(ways).map((way) => [
      way,
      median(way).toFixed(0),
      Math.min(...times[way]!).toFixed(0),
      Math.max(...times[way]!).toFixed(0),
      `${(median(way) / source).toFixed(2)}×`,
    ]),
  ])
  console.log(`${rounds} rounds each, taking turns, on one embedded database`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
