/**
 * Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on the built app served by
 * the real server on a fresh embedded database, in Debian's Chromium. Prints the performance
 * score, Total Blocking Time, Largest Contentful Paint and Cumulative Layout Shift of each page,
 * medians of the runs (default 5), next to the goals.
 *
 *   npm run bench:lighthouse [-- --runs 5 --only dashboard --save reports/]
 *
 * `--save DIR` keeps each run's full Lighthouse report (JSON) there, for the long tasks and
 * what they ran.
 *
 * The signed-in pages get the member's session in local storage, as the app keeps it; every run
 * starts from an empty HTTP cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { demoMemberStorage, freePort, startAppServer } from './process'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    save: { type: 'string' },
  },
})
const runs = Math.max(1, Math.min(9, Number(values.runs)))

interface Target {
  name: string
  path: string
  signedIn: boolean
  goal: { score: number; tbt: number; cls?: number; lcp?: number }
}
const TARGETS: Target[] = [
  { name: 'sign-in', path: '/auth/login', signedIn: false, goal: { score: 95, tbt: 150 } },
  {
    name: 'dashboard',
    path: '/admin/dashboard',
    signedIn: true,
    goal: { score: 85, tbt: 400, cls: 0.02, lcp: 3000 },
  },
  {
    name: 'lesson',
    path: '/admin/training/module1/lesson1',
    signedIn: true,
    goal: { score: 0, tbt: 600 },
  },
  {
    name: 'profile form',
    path: '/admin/updateprofile',
    signedIn: true,
    goal: { score: 0, tbt: 600 },
  },
  {
    name: 'AI script tool',
    path: '/admin/aiscript/tiktok',
    signedIn: true,
    goal: { score: 0, tbt: 600 },
  },
  {
    name: 'chatbot',
    path: '/admin/chatbot',
    signedIn: true,
    goal: { score: 0, tbt: 600 },
  },
]

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

const dir = mkdtempSync(join(tmpdir(), 'members-area-lighthouse-'))
const server = await startAppServer(dir)
const debugPort = await freePort()
// The persistent context is the browser's default one, the one Lighthouse opens its tab in, so
// the session written to local storage here is the one the measured page reads.
const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
  ...chromiumLaunch,
  args: [`--remote-debugging-port=${debugPort}`, ...chromiumLaunch.args],
})

async function prepare(signedIn: boolean, stored: Record<string, string>) {
  const page = browser.pages()[0] ?? (await browser.newPage())
  await page.goto(`${server.url}/api/health`)
  await page.evaluate(
    ([items, keep]) => {
      localStorage.clear()
      if (keep) for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v)
    },
    [stored, signedIn] as const,
  )
  const cdp = await browser.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

/** One Lighthouse run; a run whose trace Chromium failed to record is repeated (twice at most). */
async function measure(target: Target, stored: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    await prepare(target.signedIn, stored)
    const result = await lighthouse(`${server.url}${target.path}`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    })
    const lhr = result?.lhr
    if (lhr && !lhr.runtimeError) return lhr
    const why = lhr?.runtimeError?.message ?? 'no result'
    if (attempt === 3) throw new Error(`${target.path}: ${why}`)
    process.stderr.write(`\n${target.path}: ${why}; once more\n`)
  }
}

try {
  const stored = await demoMemberStorage(server.url)
  const targets = TARGETS.filter((t) => !values.only || t.name.startsWith(values.only))
  let version = ''
  const results = new Map<string, { score: number; tbt: number; lcp: number; cls: number }[]>()
  // Interleaved: each round measures every page once, so a busy moment of this shared machine
  // does not fall on one page only.
  for (let round = 0; round < runs; round++) {
    for (const target of targets) {
      const lhr = await measure(target, stored)
      version = lhr.lighthouseVersion
      if (values.save) {
        mkdirSync(values.save, { recursive: true })
        writeFileSync(
          join(values.save, `${target.name.replace(/\W+/g, '-')}-${round + 1}.json`),
          JSON.stringify(lhr),
        )
      }
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname
      if (finalPath !== target.path) throw new Error(`${target.path} ended on ${finalPath}`)
      // A page that failed to start would measure as fast as a blank one.
      const errors =
        (lhr.audits['errors-in-console']?.details as { items?: { description?: string }[] })
          ?.items ?? []
      if (errors.length) {
        throw new Error(`${target.path}: ${errors.map((e) => e.description).join('; ')}`)
      }
      const list = results.get(target.name) ?? []
      list.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      })
      results.set(target.name, list)
      process.stderr.write('.')
    }
  }
  process.stderr.write('\n')
  console.log(`Lighthouse ${version} mobile preset, medians of ${runs}\n`)
  console.log('page            score   TBT ms   LCP ms     CLS   goal')
  for (const target of targets) {
    const list = results.get(target.name)!
    const m = {
      score: median(list.map((r) => r.score)),
      tbt: median(list.map((r) => r.tbt)),
      lcp: median(list.map((r) => r.lcp)),
      cls: median(list.map((r) => r.cls)),
    }
    const goal = target.goal
    const misses = [
      m.score < goal.score && `score < ${goal.score}`,
      m.tbt > goal.tbt && `TBT > ${goal.tbt}`,
      goal.lcp !== undefined && m.lcp > goal.lcp && `LCP > ${goal.lcp}`,
      goal.cls !== undefined && m.cls > goal.cls && `CLS > ${goal.cls}`,
    ].filter(Boolean)
    console.log(
      [
        target.name.padEnd(14),
        String(m.score).padStart(6),
        m.tbt.toFixed(0).padStart(8),
        m.lcp.toFixed(0).padStart(8),
        m.cls.toFixed(3).padStart(7),
        `  ${misses.length ? `missed: ${misses.join(', ')}` : 'met'}`,
      ].join(' '),
    )
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
