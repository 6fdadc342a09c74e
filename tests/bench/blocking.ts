/**
 * This build beside another, page by page: the main thread's blocking time after the first paint
 * (each long task's time over 50 ms, from the page's own Long Tasks entries), the largest
 * contentful paint, and the long tasks' total, in Debian's Chromium with the CPU slowed to a
 * phone's (`--device mid`, the default, `low` or `4x`: ./device.ts), a fresh signed-in context per load. The two
 * builds take turns, page by page, so the machine's mood weighs on both alike; medians are
 * printed, with this build's ÷ the other's.
 *
 *   npm run bench:blocking -- --beside DIR [--runs 5 --device mid|low|4x /admin/dashboard /admin/calendar]
 *
 * DIR is another build's dist/ (another commit's `vite build --outDir DIR`). A finding tool for
 * a change's effect, not a goal: the goals are Lighthouse's (`bench:lighthouse`).
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { networkQuiet } from '../network-quiet'
import { deviceOf, hostBenchmarkIndex, slowdownFor } from './device'
import {
  demoMemberStorage,
  percentile,
  printTable,
  root,
  startAppServer,
  storageWith,
  type Started,
} from './process'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    beside: { type: 'string' },
    runs: { type: 'string', default: '5' },
    device: { type: 'string', default: 'mid' },
  },
})
if (!values.beside || !existsSync(join(values.beside, 'index.html'))) {
  throw new Error(
    '--beside DIR: another build (a dist/ folder with its index.html) to compare with',
  )
}
const runs = Math.max(1, Number(values.runs))
const device = deviceOf(values.device)
const paths = positionals.length ? positionals : ['/admin/dashboard']
const builds = [resolve(root, process.env.STATIC_DIR ?? 'dist'), resolve(values.beside)]

interface Load {
  blocking: number
  lcp: number
  longTasks: number
}

/** Kept by the page from its start: its long tasks and its last LCP candidate. */
const OBSERVE = `(() => {
  window.__tasks = []
  window.__lcp = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
})()`

const READ = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
  return {
    blocking: window.__tasks.filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    lcp: window.__lcp,
    longTasks: window.__tasks.reduce((sum, [, duration]) => sum + duration, 0),
  }
})()`

const servers: Started[] = []
const browser = await chromium.launch(chromiumLaunch)
const { multiplier: rate, line: deviceLine } = slowdownFor(
  device,
  await hostBenchmarkIndex(browser),
)
try {
  for (const dir of builds) {
    servers.push(
      await startAppServer(mkdtempSync(join(tmpdir(), 'members-area-blocking-')), {
        STATIC_DIR: dir,
      }),
    )
  }
  const sessions = await Promise.all(servers.map((server) => demoMemberStorage(server.url)))
  const loads = new Map<string, Load[]>()
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      // Which build goes first alternates from run to run.
      for (const i of run % 2 ? [1, 0] : [0, 1]) {
        const server = servers[i]!
        const context = await browser.newContext({
          viewport: { width: 412, height: 915 },
          storageState: storageWith(server.url, sessions[i]!),
        })
        await context.addInitScript(OBSERVE)
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate })
        await page.goto(`${server.url}${path}`)
        await networkQuiet(page)
        // Quiet for a while: the last answers drawn.
        await page.waitForTimeout(3000)
        const key = `${path} ${i}`
        loads.set(key, [...(loads.get(key) ?? []), (await page.evaluate(READ)) as Load])
        await context.close()
      }
    }
    process.stdout.write('.')
  }
  console.log(`\n${deviceLine}; medians of ${runs}; beside: ${builds[1]}\n`)
  const median = (list: Load[], part: keyof Load) =>
    percentile(
      list.map((l) => l[part]),
      50,
    )
  const rows = [
    ['page', 'blocking ms', 'beside', 'ratio', 'LCP ms', 'beside', 'long tasks ms', 'beside'],
  ]
  for (const path of paths) {
    const [ours, theirs] = [0, 1].map((i) => loads.get(`${path} ${i}`)!)
    const cells = (['blocking', 'lcp', 'longTasks'] as const).map((part) => [
      median(ours!, part),
      median(theirs!, part),
    ])
    rows.push([
      path,
      cells[0]![0]!.toFixed(0),
      cells[0]![1]!.toFixed(0),
      cells[0]![1] ? `${(cells[0]![0]! / cells[0]![1]!).toFixed(2)}×` : '—',
      cells[1]![0]!.toFixed(0),
      cells[1]![1]!.toFixed(0),
      cells[2]![0]!.toFixed(0),
      cells[2]![1]!.toFixed(0),
    ])
  }
  printTable(rows)
} finally {
  await browser.close()
  await Promise.all(servers.map((server) => server.stop()))
}
