/**
 * JavaScript a browser downloads for the first screen of /auth/login and of /admin/dashboard,
 * with a cold cache, as the server sends it (precompressed br or gzip). Run after a build:
 * `npm run bench:bundle` (add `-- --files` to list each file). Also what a lesson screen adds
 * beyond the shell: the JavaScript fetched when a member opens a lesson from the training's
 * overview, in the same (signed-in, warm) page.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { type Browser, chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'

const root = resolve(import.meta.dirname, '../..')
/** The build to measure: dist/ unless STATIC_DIR names another. */
const staticDir = resolve(root, process.env.STATIC_DIR ?? 'dist')
const KiB = 1024
const BUDGETS = {
  '/auth/login': 170 * KiB,
  '/admin/dashboard': 260 * KiB,
  'lesson, after the shell': 25 * KiB,
} as const

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

async function startServer(dir: string) {
  const port = await freePort()
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
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
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited before answering')
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { server, baseURL }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 60 s')
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function signInThroughApi(baseURL: string) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@example.com', password: 'Member#2026' }),
  })
  const { token } = (await login.json()) as { token: string }
  const current = await fetch(`${baseURL}/api/auth/current`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const { role, email } = (await current.json()) as { role: string; email: string }
  return [
    { name: 'authToken', value: token },
    { name: 'tokenExpiry', value: String(Date.now() + 3 * 24 * 3600 * 1000) },
    { name: 'role', value: role },
    { name: 'email', value: JSON.stringify({ email }) },
  ]
}

interface Measure {
  page: string
  requests: number
  bytes: number
  decoded: number
  encodings: Set<string>
  files: { url: string; bytes: number }[]
}

async function measure(
  browser: Browser,
  baseURL: string,
  path: '/auth/login' | '/admin/dashboard',
  ready: RegExp,
  localStorage: { name: string; value: string }[] = [],
): Promise<Measure[]> {
  // A new context has an empty cache: every file is fetched.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage }] },
  })
  const page = await context.newPage()
  const empty = (name: string): Measure => ({
    page: name,
    requests: 0,
    bytes: 0,
    decoded: 0,
    encodings: new Set(),
    files: [],
  })
  let result = empty(path)
  const pending: Promise<void>[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    const into = result
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()])
        // A file from the cache (already loaded by an earlier screen) is not fetched again.
        if (sizes.responseBodySize < 0) return
        const body = await response?.body().catch(() => undefined)
        into.requests++
        into.files.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })
        into.bytes += sizes.responseBodySize
        into.decoded += body?.length ?? 0
        into.encodings.add((await response?.headerValue('content-encoding')) ?? 'identity')
      })(),
    )
  })
  await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { name: ready }).waitFor({ timeout: 15_000 })
  await page.waitForLoadState('networkidle')
  if (new URL(page.url()).pathname !== path) {
    throw new Error(`${path} ended on ${page.url()}`)
  }
  await Promise.all(pending)
  const rows = [result]
  if (path === '/admin/dashboard') {
    // What a lesson adds to the loaded shell: from the training's overview (which loads no
    // charts later), open the first lesson.
    result = empty('overview (not shown)')
    await page.goto(`${baseURL}/admin/dgtraining`, { waitUntil: 'networkidle' })
    await page.getByTestId('course-training').waitFor({ timeout: 15_000 })
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
    result = empty('lesson, after the shell')
    rows.push(result)
    await page.getByTestId('course-training').getByRole('link').first().click()
    await page.locator('.lesson-body').waitFor({ timeout: 15_000 })
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
  }
  await context.close()
  return rows
}

async function main() {
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`No build in ${staticDir}: run \`npm run bench:bundle\` (it builds first)`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'members-area-bench-'))
  let server: ChildProcess | undefined
  let browser: Browser | undefined
  try {
    const started = await startServer(dir)
    server = started.server
    browser = await chromium.launch({
      ...chromiumLaunch,
    })
    const rows = [
      ...(await measure(browser, started.baseURL, '/auth/login', /^Sign in$/)),
      ...(await measure(
        browser,
        started.baseURL,
        '/admin/dashboard',
        /^Welcome back/,
        await signInThroughApi(started.baseURL),
      )),
    ]
    const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`
    console.log('')
    console.log(
      'page                          JS requests   JS transferred   JS decoded    budget     encoding',
    )
    let over = false
    for (const row of rows) {
      const budget = BUDGETS[row.page as keyof typeof BUDGETS]
      const ok = row.bytes <= budget
      over ||= !ok
      console.log(
        [
          row.page.padEnd(29),
          String(row.requests).padStart(11),
          kib(row.bytes).padStart(16),
          kib(row.decoded).padStart(12),
          `${ok ? '<=' : '>'} ${kib(budget)}`.padStart(12),
          `  ${[...row.encodings].join(',')}`,
        ].join(' '),
      )
    }
    console.log('')
    if (process.argv.includes('--files')) {
      for (const row of rows) {
        console.log(row.page)
        for (const file of row.files.sort((a, b) => b.bytes - a.bytes)) {
          console.log(`  ${kib(file.bytes).padStart(10)}  ${file.url}`)
        }
      }
    }
    if (over) {
      console.log('Over budget: keep large libraries out of the first chunk.')
    }
  } finally {
    await browser?.close()
    if (server && server.exitCode === null) {
      server.kill('SIGTERM')
      await new Promise((r) => server!.once('exit', r))
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
