import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { setPriority } from 'node:os'
import { join, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface Started {
  url: string
  /** The process id, for its memory (`/proc/<pid>/status`) or a hard kill. */
  pid: number
  /** What the process has written to stdout and stderr so far. */
  output(): string
  stop(): Promise<void>
}

/** The flags `npm start` and deploy/'s unit give the server's Node.js. */
const NODE_FLAGS = ['--max-semi-space-size=32']

/** The niceness the servers started from now on run at (see harnessGivesWay). */
let serverNiceness = 0

/**
 * A page measured in the browser shares this machine's two cores with what serves and measures
 * it: the servers, and this process, which receives the browser's trace as it is written. A
 * phone shares its cores with neither. While they took the CPU, the page's main thread waited in
 * the middle of a task, and the task was recorded that much longer: a task of 2 ms of work took
 * 12–18 ms, which Lighthouse's simulation multiplies by the phone's slowdown (a low-tier phone's
 * is 14–15× here) into 200 ms of blocking that no code ran. So the servers started after this
 * call run at a lower priority (niceness 10), and `benchmarkGivesWay` lowers this process's once
 * the browser, which keeps the normal one, has been launched. Both pages of a comparison (ours,
 * the anchor's) are measured so.
 */
export function serversGiveWay() {
  serverNiceness = 10
}

/** Lowers this process's CPU priority, after the browser has been launched from it. */
export function benchmarkGivesWay() {
  setPriority(10)
}

/**
 * Starts an entry as its own process (TypeScript through tsx, JavaScript as it is) and waits
 * until `readyPath` answers 2xx.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  port?: number,
  args: string[] = [],
  /** Another checkout to run the entry in (a before-and-after in one run). */
  cwd = root,
): Promise<Started> {
  port ??= await freePort()
  let output = ''
  const command = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry]
  // As `npm start` and deploy/ run the server: a young generation of 32 MB a half.
  const node = [process.execPath, ...NODE_FLAGS, ...command, ...args]
  const line = serverNiceness ? ['nice', '-n', String(serverNiceness), ...node] : node
  const child: ChildProcess = spawn(line[0]!, line.slice(1), {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  })
  child.stdout?.on('data', (c) => (output += c))
  child.stderr?.on('data', (c) => (output += c))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited:\n${output}`)
    try {
      if ((await fetch(url + readyPath)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** The real server on a fresh embedded database in `dir`, serving the build in STATIC_DIR or dist/. */
export const startAppServer = (dir: string, env: Record<string, string> = {}) =>
  startProcess(
    'server/server.ts',
    {
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      EARNINGS_SYNC_MINUTES: '0',
      MAX_EVENT_LOOP_DELAY_MS: '10000',
      MAX_QUEUE_MS: '15000',
      MAX_ADMIT_WAIT_MS: '15000',
      ...env,
    },
    '/api/health',
  )

/** The four keys the app keeps in local storage, for a demo account signed in through the API. */
export async function demoMemberStorage(
  baseURL: string,
  { email: account, password } = { email: 'member@example.com', password: 'Member#2026' },
): Promise<Record<string, string>> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account, password }),
  })
  const { token } = (await login.json()) as { token: string }
  const current = await fetch(`${baseURL}/api/auth/current`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const { role, email } = (await current.json()) as { role: string; email: string }
  return {
    authToken: token,
    tokenExpiry: String(Date.now() + 3 * 24 * 3600 * 1000),
    role,
    email: JSON.stringify({ email }),
  }
}

/** Prints rows as aligned columns, the first row being the header. */
/**
 * The fields of `/proc/<pid>/stat` (or of a thread's, `/proc/<pid>/task/<tid>/stat`) after the
 * command's name, which may hold spaces and parentheses: [0] is the state, [1] the parent's id,
 * [11] and [12] the user and system CPU time in ticks (Linux's proc(5), less two).
 */
export function procStat(path: string) {
  const stat = readFileSync(path, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

export function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)))
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
  }
}

/** The p-th percentile of `list` (nearest rank); NaN for an empty list. */
export function percentile(list: number[], p: number) {
  if (!list.length) return NaN
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** A browser context's storage state with `stored` in the local storage of `origin`. */
export const storageWith = (origin: string, stored: Record<string, string>) => ({
  cookies: [],
  origins: [
    { origin, localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })) },
  ],
})
