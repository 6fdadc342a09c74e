/**
 * JavaScript a browser downloads for the first screen of /auth/login and of /admin/dashboard,
 * with a cold cache, as the server sends it (precompressed br or gzip), and what the sign-in
 * page fetches when the visitor first acts on it (the app, which its first screen does without). Run after a build:
 * `npm run bench:bundle` (add `-- --files` to list each file). Also what a lesson screen adds
 * beyond the shell: the JavaScript fetched when a member opens a lesson from the training's
 * overview, in the same (signed-in, warm) page, and what a niche's library and then the own
 * sheet add after it, then an AI script tool (through the tools' catalogue) and the chatbot.
 * Exits non-zero when a page is over its budget (in bytes, or in files for the first screens), or when a chunk does not open with V8's compile
 * hint (vite.config.ts writes it; build/vite-plugins/preload-in-steps.ts keeps it on top).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { chromium, type Browser } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { gotoQuiet, networkQuiet } from '../network-quiet'
import { demoMemberStorage, startAppServer, storageWith, type Started } from './process'

const root = resolve(import.meta.dirname, '../..')
/** The build to measure: dist/ unless STATIC_DIR names another. */
const staticDir = resolve(root, process.env.STATIC_DIR ?? 'dist')
const KiB = 1024
const BUDGETS = {
  '/auth/login': 150 * KiB,
  // The app, and the sign-in form's own calls and checks (fetched when a field takes the focus).
  // 192, from 190: the app's Chakra is the same in development, tests and the build, so the build
  // keeps the code that builds a token dictionary from the theme (1.2 KiB), which it used to cut.
  // 192.5: the HTTP client sends a call the server shed again after its Retry-After (0.2 KiB).
  // 193: a screen's code evaluated a part a task, and a prerendered page's styles adopted where
  // they are instead of moved (0.4 KiB).
  // 201.5: the start-up evaluates its code in shorter tasks (Chakra's slot recipes apart from the
  // rest of its theme, the appearance store, Chakra's styling engine apart from the system it
  // builds, the query client, the router, the tree of routes), each a file of its own, and files
  // compress less well than one (8.5 KiB; the dashboard's blocking time on a low-end phone 0.76×
  // and then 0.89× the build's before, bench:blocking).
  // 202.5: the compile hint on each file's first line (vite.config.ts), 46 files (1.1 KiB).
  // 203: "Reload to update" waits for the live stream's code when the member's first act has
  // asked for it (src/lib/live-code.ts, 0.1 KiB).
  'sign-in, after the first act': 203 * KiB,
  // 242, from 240: the member's level card (points, the next level, the streak) and its calls.
  // 246.5: the dashboard's screen is a file of its own, evaluated before the rest of its code, so
  // a low-end phone runs two tasks of some 60 ms instead of one of 125 ms (3.7 KiB: two files
  // compress less well than one).
  // 258: the start-up's shorter tasks (above, 8.5 KiB), the dashboard's panels' contracts and
  // form fields evaluated before its screen, a task each (2.6 KiB), and the sign-in's and the
  // access contracts before the members contract (0.2 KiB).
  // 260: the compile hint on each file's first line (vite.config.ts), 75 files (1.9 KiB).
  '/admin/dashboard': 260 * KiB,
  'lesson, after the shell': 25 * KiB,
  'niche library, after the shell': 60 * KiB,
  'own sheet, after the library': 30 * KiB,
  'AI script tool, after the sheet': 30 * KiB,
  'chatbot, after the script tool': 15 * KiB,
} as const

/**
 * Files a page may fetch for its first screen: each fetch takes a phone's main thread a moment to
 * start, and each file a moment to compile. The start-up's code is one file
 * (build/vite-plugins/start-chunk.ts); before it, the dashboard fetched 73 and the sign-in page
 * 45 once the visitor acted.
 */
const REQUEST_BUDGETS: Partial<Record<keyof typeof BUDGETS, number>> = {
  'sign-in, after the first act': 20,
  '/admin/dashboard': 48,
}

/** The build's scripts that do not open with V8's compile hint (a worker's own bundle aside). */
function withoutCompileHint(): string[] {
  const assets = join(staticDir, 'assets')
  return readdirSync(assets).filter(
    (name) =>
      name.endsWith('.js') &&
      !name.includes('.worker-') &&
      !readFileSync(join(assets, name), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'),
  )
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
  localStorage: Record<string, string> = {},
): Promise<Measure[]> {
  // A new context has an empty cache: every file is fetched.
  const context = await browser.newContext({
    // What the page itself fetches: a service worker would answer the later screens from the
    // app it precached (not from the network), and its own download is not the page's.
    serviceWorkers: 'block',
    storageState: storageWith(baseURL, localStorage),
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
  // A script that finishes after the last screen was measured belongs to none of them; once the
  // context is closed its response can no longer be read.
  let closed = false
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
      })().catch((error: unknown) => {
        if (!closed) throw error
      }),
    )
  })
  await gotoQuiet(page, `${baseURL}${path}`)
  await page.getByRole('heading', { name: ready }).waitFor({ timeout: 15_000 })
  await networkQuiet(page)
  if (new URL(page.url()).pathname !== path) {
    throw new Error(`${path} ended on ${page.url()}`)
  }
  await Promise.all(pending)
  const rows = [result]
  if (path === '/auth/login') {
    // The app's code, fetched when the visitor first acts on the page (src/lib/prerendered.ts).
    result = empty('sign-in, after the first act')
    rows.push(result)
    await page.getByLabel(/e-?mail/i).focus()
    await page.locator('[data-prerendered]').waitFor({ state: 'detached', timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
  }
  if (path === '/admin/dashboard') {
    // What a lesson adds to the loaded shell: from the training's overview (which loads no
    // charts later), open the first lesson.
    result = empty('overview (not shown)')
    await gotoQuiet(page, `${baseURL}/admin/dgtraining`)
    await page.getByTestId('course-training').waitFor({ timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
    result = empty('lesson, after the shell')
    rows.push(result)
    await page.getByTestId('course-training').getByRole('link').first().click()
    await page.locator('.lesson-body').waitFor({ timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
    // What the niche sheets add: a niche's library from the sidebar, then the own sheet from it.
    result = empty('niche library, after the shell')
    rows.push(result)
    await page.getByRole('link', { name: 'Health', exact: true }).click()
    await page.getByRole('grid', { name: 'Health library' }).waitFor({ timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
    result = empty('own sheet, after the library')
    rows.push(result)
    await page.getByRole('link', { name: 'Open my health sheet' }).click()
    await page.getByText('This sheet is empty').waitFor({ timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
    // What the AI tools add: a script tool from the catalogue's sidebar link, then the chatbot.
    result = empty('AI script tool, after the sheet')
    rows.push(result)
    await page.getByRole('link', { name: 'AI tools', exact: true }).click()
    await page.getByRole('link', { name: 'TikTok video script' }).click()
    await page.getByLabel('Video topic').waitFor({ timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
    result = empty('chatbot, after the script tool')
    rows.push(result)
    await page.getByRole('link', { name: 'Course chatbot', exact: true }).click()
    await page.getByLabel('Your question').waitFor({ timeout: 15_000 })
    await networkQuiet(page)
    await Promise.all(pending)
  }
  closed = true
  await context.close()
  return rows
}

async function main() {
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`No build in ${staticDir}: run \`npm run bench:bundle\` (it builds first)`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'members-area-bench-'))
  let server: Started | undefined
  let browser: Browser | undefined
  try {
    server = await startAppServer(dir)
    browser = await chromium.launch(chromiumLaunch)
    const rows = [
      ...(await measure(browser, server.url, '/auth/login', /^Sign in$/)),
      ...(await measure(
        browser,
        server.url,
        '/admin/dashboard',
        /^Welcome back/,
        await demoMemberStorage(server.url),
      )),
    ]
    const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`
    console.log('')
    console.log(
      'page                          JS requests   JS transferred   JS decoded    budget     encoding',
    )
    let over = false
    let tooMany = false
    for (const row of rows) {
      const budget = BUDGETS[row.page as keyof typeof BUDGETS]
      const requests = REQUEST_BUDGETS[row.page as keyof typeof BUDGETS] ?? Infinity
      const ok = row.bytes <= budget
      over ||= !ok
      if (row.requests > requests) {
        console.log(`${row.page}: ${row.requests} files, more than ${requests}`)
        tooMany = true
      }
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
      process.exitCode = 1
    }
    if (tooMany) {
      console.log('Too many files: a start-up part left with a file of its own?')
      process.exitCode = 1
    }
    const unhinted = withoutCompileHint()
    if (unhinted.length > 0) {
      console.log(`Without the compile hint on their first line: ${unhinted.join(', ')}`)
      process.exitCode = 1
    }
  } finally {
    await browser?.close()
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
