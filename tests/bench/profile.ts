/**
 * Where a page's start-up spends the main thread, by source: the app built with source maps
 * into a folder of its own, served by the real server on a fresh embedded database, loaded in
 * Debian's Chromium with its CPU slowed to a low-tier phone's (`--device low`, the default; `mid`
 * or `4x`, as `bench:lighthouse`: ./device.ts), with the
 * sampling profiler on from navigation until the page is quiet. Prints, summed over the runs
 * and divided by their number:
 * - the long tasks the page saw (a PerformanceObserver's) and their blocking time (each task's
 *   time over 50 ms), at this slowdown;
 * - self time by package or app folder, and the functions that took most.
 *
 *   npm run bench:profile [-- --runs 3 --device low|mid|4x --detail --min 50 /auth/login /admin/dashboard]
 *
 * `--inclusive` also lists the app's own functions (components, hooks) by the time spent in them
 * and in what they called: which part of a screen costs most to render.
 * `--detail` lists, under each long task, the functions that took most of it; `--min 20` lists
 * the tasks of 20 ms or more instead of the long ones (50 ms).
 *
 * A figure here is this host's, not Lighthouse's simulation: use it to find costs and to compare
 * two builds in one run, not as a goal.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { gotoQuiet } from '../network-quiet'
import { isTask, pageMainThread, type TraceEvent as BaseTraceEvent } from './cpu-blocking'
import { deviceOf, hostBenchmarkIndex, slowdownFor } from './device'
import { demoMemberStorage, printTable, root, startAppServer } from './process'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    device: { type: 'string', default: 'low' },
    top: { type: 'string', default: '25' },
    min: { type: 'string', default: '50' },
    detail: { type: 'boolean', default: false },
    inclusive: { type: 'boolean', default: false },
  },
})
const runs = Math.max(1, Number(values.runs))
const device = deviceOf(values.device)
const top = Number(values.top)
/** The shortest task listed, in ms (the long tasks by default). */
const listFrom = Number(values.min)
const paths = positionals.length ? positionals : ['/auth/login', '/admin/dashboard']

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const dir = mkdtempSync(join(tmpdir(), 'members-area-profile-'))
const outDir = join(dir, 'dist')
execFileSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--sourcemap', '--outDir', outDir],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
)
const server = await startAppServer(dir, { STATIC_DIR: outDir })
const browser = await chromium.launch(chromiumLaunch)
const { multiplier: rate, line: deviceLine } = slowdownFor(
  device,
  await hostBenchmarkIndex(browser),
)

const maps = new Map<string, TraceMap | null>()
function mapOf(url: string) {
  if (!maps.has(url)) {
    const file = join(outDir, `${new URL(url).pathname}.map`)
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null)
  }
  return maps.get(url)
}

/** Where a sampled frame's code came from: a package, an app folder, or what the browser did. */
function sourceOf(frame: ProfileNode['callFrame']) {
  if (!frame.url) {
    const name = frame.functionName
    return { group: name ? `(${name})` : '(browser)', name: name || '(browser)' }
  }
  const map = /\/assets\/.+\.js$/.test(new URL(frame.url).pathname) ? mapOf(frame.url) : null
  if (!map) return { group: new URL(frame.url).pathname, name: frame.functionName || '(top)' }
  const position = { line: frame.lineNumber + 1, column: frame.columnNumber }
  let at = originalPositionFor(map, position)
  // A function's first column may hold no mapping (a wrapper the bundler wrote): the nearest
  // mapped position after it names the code it wraps.
  if (!at.source) at = originalPositionFor(map, { ...position, bias: LEAST_UPPER_BOUND })
  const source =
    at.source ??
    `(unmapped) ${new URL(frame.url).pathname}:${frame.lineNumber}:${frame.columnNumber}`
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
  const group = pkg ?? /(src\/[^/]+(?:\/[^/]+)?)/.exec(source)?.[1] ?? source
  const file = source.replace(/^.*node_modules\//, '').replace(/^.*?(src\/)/, '$1')
  return { group, name: `${at.name ?? frame.functionName ?? '(anonymous)'}  ${file}:${at.line}` }
}

interface TraceEvent extends BaseTraceEvent {
  args?: { name?: string; data?: { url?: string } }
}
interface Trace {
  traceEvents: TraceEvent[]
}

/**
 * The renderer's main-thread tasks of 50 ms or more, each with what its time went to: the
 * trace's events directly under the task (parsing HTML, evaluating a module, recalculating
 * styles, layout, a timer's or a message's function …).
 */
function longTasksOf(
  trace: Trace,
  sampled: { at: number; group: string; name: string }[],
): string[] {
  const events = trace.traceEvents
  const main = pageMainThread(events)
  const onMain = events
    .filter((e) => e.ph === 'X' && e.tid === main?.tid && e.pid === main?.pid)
    .sort((a, b) => a.ts - b.ts)
  const tasks = onMain.filter((e) => isTask(e) && (e.dur ?? 0) >= listFrom * 1000)
  const first = onMain[0]?.ts ?? 0
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    const parts = new Map<string, number>()
    // The task's children: events inside it that no other event inside it holds.
    let coveredUntil = task.ts
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts >= end || e.ts < coveredUntil) continue
      const url = e.args?.data?.url ? ` ${new URL(e.args.data.url).pathname}` : ''
      const key = `${e.name}${url}`
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0))
      coveredUntil = e.ts + (e.dur ?? 0)
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 3)
    // The code it ran, from the profile's samples in the task's time.
    const code = new Map<string, number>()
    const functions = new Map<string, number>()
    for (const sample of sampled) {
      if (sample.at < task.ts || sample.at >= end) continue
      code.set(sample.group, (code.get(sample.group) ?? 0) + 1)
      functions.set(sample.name, (functions.get(sample.name) ?? 0) + 1)
    }
    const inside = [...code].reduce((sum, [, n]) => sum + n, 0)
    const share = [...code]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([group, n]) => `${group} ${Math.round((100 * n) / inside)}%`)
      .join(', ')
    return (
      `${((task.ts - first) / 1000).toFixed(0).padStart(6)} ms  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ` +
      top.map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`).join(', ') +
      (share ? `\n                   ${share}` : '') +
      (values.detail
        ? [...functions]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([name, n]) => `\n                     ${Math.round((100 * n) / inside)}% ${name}`)
            .join('')
        : '')
    )
  })
}

const READY: Record<string, string> = {
  '/auth/login': 'Sign in',
}

try {
  const stored = await demoMemberStorage(server.url)
  for (const path of paths) {
    const byGroup = new Map<string, number>()
    const byName = new Map<string, number>()
    const byAppFunction = new Map<string, number>()
    let blocking = 0
    let longTasks = 0
    let busy = 0
    const tasksSeen: string[] = []
    for (let run = 0; run < runs; run++) {
      const signedIn = path.startsWith('/admin')
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        storageState: {
          cookies: [],
          origins: signedIn
            ? [
                {
                  origin: server.url,
                  localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })),
                },
              ]
            : [],
        },
      })
      await context.addInitScript(() => {
        const seen: number[] = []
        ;(window as unknown as { longTasks: number[] }).longTasks = seen
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.push(entry.duration)
        }).observe({ type: 'longtask', buffered: true })
      })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
      await browser.startTracing(page, {
        categories: ['toplevel', 'devtools.timeline', 'v8.execute'],
      })
      await gotoQuiet(page, `${server.url}${path}`)
      if (READY[path]) await page.getByRole('heading', { name: READY[path] }).waitFor()
      await page.waitForTimeout(3000)
      const trace = await browser.stopTracing()
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
      // Where it ended: the same path, and the same query if one was asked for.
      const [final, asked] = [new URL(page.url()), new URL(path, page.url())]
      if (final.pathname !== asked.pathname || (asked.search && final.search !== asked.search))
        throw new Error(`${path} ended on ${page.url()}`)
      const tasks = await page.evaluate(
        () => (window as unknown as { longTasks: number[] }).longTasks,
      )
      longTasks += tasks.length
      blocking += tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
      const parents = new Map<number, number>()
      for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id)
      // The app's functions on a node's stack, each once: a component, and the components it is in.
      const appStacks = new Map<number, string[]>()
      const appStackOf = (id: number): string[] => {
        const known = appStacks.get(id)
        if (known) return known
        const node = nodes.get(id)!
        const parent = parents.get(id)
        const above = parent === undefined ? [] : appStackOf(parent)
        const here = node.callFrame.url ? sourceOf(node.callFrame) : undefined
        const stack =
          here?.group.startsWith('src/') && !above.includes(here.name)
            ? [...above, here.name]
            : above
        appStacks.set(id, stack)
        return stack
      }
      // Each sample's time on the trace's clock (both count microseconds from one origin).
      const sampled: { at: number; group: string; name: string }[] = []
      let at = profile.startTime
      profile.samples.forEach((id, i) => {
        const node = nodes.get(id)!
        at += profile.timeDeltas[i] ?? 0
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
        if (node.callFrame.functionName === '(idle)') return
        const { group, name } =
          node.callFrame.functionName === '(program)'
            ? { group: '(browser: style, layout, parsing)', name: '(browser)' }
            : sourceOf(node.callFrame)
        busy += ms
        sampled.push({ at, group, name })
        byGroup.set(group, (byGroup.get(group) ?? 0) + ms)
        byName.set(name, (byName.get(name) ?? 0) + ms)
        if (values.inclusive) {
          for (const fn of appStackOf(id)) byAppFunction.set(fn, (byAppFunction.get(fn) ?? 0) + ms)
        }
      })
      if (run === 0) tasksSeen.push(...longTasksOf(JSON.parse(String(trace)) as Trace, sampled))
      await context.close()
    }
    const each = (ms: number) => (ms / runs).toFixed(1)
    console.log(
      `\n${path}: ${deviceLine}; ${runs} runs; per run: ${each(busy)} ms busy, ` +
        `${(longTasks / runs).toFixed(1)} long tasks, blocking ${each(blocking)} ms`,
    )
    console.log(`Tasks of ${listFrom} ms or more in the first run (start, length, what they ran):`)
    console.log(tasksSeen.join('\n'))
    console.log('')
    const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top)
    printTable([['self ms', 'source'], ...sorted(byGroup).map(([g, ms]) => [each(ms), g])])
    console.log('')
    printTable([['self ms', 'function'], ...sorted(byName).map(([n, ms]) => [each(ms), n])])
    if (values.inclusive) {
      console.log('')
      printTable([
        ['with callees ms', 'app function'],
        ...sorted(byAppFunction).map(([n, ms]) => [each(ms), n]),
      ])
    }
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
