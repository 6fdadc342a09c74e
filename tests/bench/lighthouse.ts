/**
 * Lighthouse (mobile: simulated slow 4G, and the CPU slowed to a phone's, see below) on the built app served by
 * the real server on a fresh embedded database, in Debian's Chromium, beside an anchor: the
 * production build of a popular admin template (shadcn-admin, in ../shared/anchors/ or named by
 * `--anchor DIR`), served as a production site would by the anchor's own serve.mjs. Every round
 * measures each of our pages and the anchor's sign-in and dashboard once, interleaved, so a busy
 * moment of this shared machine falls on both; each figure is the median of the rounds (default
 * 5) and is printed with ours ÷ the anchor's next to its goal. Lighthouse's simulated throttling
 * multiplies what the host's CPU did, so only the ratios carry from one run to another; the
 * run's benchmarkIndex (the host's speed as Lighthouse measured it) is printed with them.
 *
 * The CPU is slowed to a named phone's (`--device mid`, the default: a Pixel 5; `--device low`: a
 * Moto G Power 2022), from this host's benchmarkIndex measured before each round, as Chrome
 * DevTools' calibration does (./device.ts); `--device 4x` is Lighthouse's plain preset, 4× the host.
 *
 *   npm run bench:lighthouse [-- --runs 5 --device mid|low|4x --only sign-in,dashboard --save reports/ --anchor DIR | --no-anchor --beside DIR]
 *
 * Without an anchor it prints absolute figures only. `--beside DIR` measures a second build of
 * this app (another commit's `dist/`, served by this server) in the same rounds, each page right
 * after ours, and prints it below ours with ours ÷ its figures: whether a change made a page
 * busier, told apart from the machine's mood. `--save DIR` keeps each run's full report
 * (JSON) there, for the long tasks and what they ran. Exits non-zero when a goal is missed.
 *
 * Beside the figures, from Linux's scheduler (./run-queue.ts): how long the page's main thread
 * ran and how long it waited for a core over the run, and which other threads (the browser's,
 * Lighthouse's tracing, the servers) ran most meanwhile. Lighthouse's simulation counts a task's
 * waits for a core as its work; a page whose main thread waits more than the anchor's is losing
 * to this host's other work, not only doing more of its own.
 *
 * The signed-in pages get the member's (or the administrator's) session in local storage, as the app keeps it; every run
 * is a first visit: an empty HTTP cache, and no service worker or what one kept.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import lighthouse from 'lighthouse'
import * as constants from 'lighthouse/core/config/constants.js'
import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { cpuBlocking, pageMainThread, type TraceEvent } from './cpu-blocking'
import { deviceOf, DEVICES, roundSlowdown, type Device } from './device'
import {
  benchmarkGivesWay,
  demoMemberStorage,
  freePort,
  printTable,
  root,
  serversGiveWay,
  startAppServer,
  startProcess,
  type Started,
} from './process'
import { runQueueFrom, type RunQueue } from './run-queue'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    save: { type: 'string' },
    anchor: { type: 'string' },
    'no-anchor': { type: 'boolean', default: false },
    beside: { type: 'string' },
    device: { type: 'string' },
  },
})
const device = deviceOf(values.device)
const runs = Math.max(1, Math.min(9, Number(values.runs)))
const anchorDir = values['no-anchor']
  ? undefined
  : resolve(values.anchor ?? join(root, '../shared/anchors/shadcn-admin/dist'))
const anchorServer = anchorDir && join(dirname(dirname(anchorDir)), 'serve.mjs')
if (values.anchor && (!existsSync(anchorDir!) || !existsSync(anchorServer!))) {
  throw new Error(`--anchor ${values.anchor}: no build there, or no serve.mjs two folders up`)
}
const withAnchor = Boolean(anchorDir && existsSync(anchorDir) && existsSync(anchorServer!))
const besideDir = values.beside && resolve(values.beside)
if (besideDir && !existsSync(join(besideDir, 'index.html'))) {
  throw new Error(`--beside ${values.beside}: no built app (index.html) there`)
}

interface Figures {
  score: number
  tbt: number
  /** Blocking from the tasks' CPU time, not their wall time (see cpu-blocking.ts). */
  cpuTbt: number
  /** The share of the main thread's task time after the first paint spent descheduled. */
  offCpu: number
  /** Over the whole run, the page's main thread: ms on a core, and ms waiting for one (run-queue.ts). */
  ran: number
  waited: number
  /** …and what the browser's other threads and the servers ran meanwhile, in ms. */
  othersRan: number
  lcp: number
  cls: number
  benchmarkIndex: number
}
type AnchorPage = 'sign-in' | 'dashboard'

interface Target {
  name: string
  path: string
  signedIn: boolean
  /** Signed in as the demo administrator rather than the member. */
  admin?: boolean
  /** The anchor's page this one is compared with, if any. */
  pair?: AnchorPage
  /** The goals, given the anchor's medians; without an anchor, none. */
  goals: (anchor: Record<AnchorPage, Figures>) => Goal[]
}
interface Goal {
  label: string
  met: (ours: Figures) => boolean
}

const cls = { label: 'CLS ≤ 0.01', met: (o: Figures) => o.cls <= 0.01 }
/** Every screen but the two paired ones: blocks no longer than the anchor's dashboard. */
const screenGoals = (a: Record<AnchorPage, Figures>): Goal[] => [
  {
    label: `TBT ≤ anchor dashboard's (${a.dashboard.tbt.toFixed(0)})`,
    met: (o) => o.tbt <= a.dashboard.tbt,
  },
  cls,
]
/** Goals beside the anchor's same page: ours at most `tbt` × its TBT, `lcp` × its LCP, and a score `score` above. */
const pairedGoals =
  (page: AnchorPage, lead: { tbt: number; lcp?: number; score?: number }) =>
  (a: Record<AnchorPage, Figures>): Goal[] => [
    { label: `TBT ≤ ${lead.tbt}×`, met: (o) => o.tbt <= lead.tbt * a[page].tbt },
    cls,
    ...(lead.lcp
      ? [{ label: `LCP ≤ ${lead.lcp}×`, met: (o: Figures) => o.lcp <= lead.lcp! * a[page].lcp }]
      : []),
    ...(lead.score !== undefined
      ? [
          {
            label: `score ≥ +${lead.score}`,
            met: (o: Figures) => o.score >= a[page].score + lead.score!,
          },
        ]
      : []),
  ]
/** The dashboard's goals on each device: a mid-tier phone's are a lead, a low-tier one's a par. */
const DASHBOARD_GOALS: Record<Device, { tbt: number; lcp?: number; score?: number }> = {
  '4x': { tbt: 0.8, lcp: 1, score: 25 },
  mid: { tbt: 0.7, score: 20 },
  low: { tbt: 0.9, lcp: 1 },
}

/** Stands for the path of a thread of the server measured. */
const THREAD = '/admin/community/:thread'

/** The first thread of the feed the demo data gives a server. */
async function threadOf(base: string, session: Record<string, string>) {
  const res = await fetch(`${base}/api/community/posts?limit=1`, {
    headers: { authorization: `Bearer ${session.authToken}` },
  })
  const { data } = (await res.json()) as { data: { items: { id: string }[] } }
  return `/admin/community/${data.items[0]!.id}`
}

const TARGETS: Target[] = [
  {
    name: 'sign-in',
    path: '/auth/login',
    signedIn: false,
    pair: 'sign-in',
    goals: pairedGoals('sign-in', { tbt: 0.8, lcp: 1, score: 10 }),
  },
  {
    name: 'dashboard',
    path: '/admin/dashboard',
    signedIn: true,
    pair: 'dashboard',
    goals: pairedGoals('dashboard', DASHBOARD_GOALS[device]),
  },
  { name: 'lesson', path: '/admin/training/module1/lesson1', signedIn: true, goals: screenGoals },
  {
    name: 'knowledge check',
    path: '/admin/training/module1/check',
    signedIn: true,
    goals: screenGoals,
  },
  { name: 'profile form', path: '/admin/updateprofile', signedIn: true, goals: screenGoals },
  { name: 'AI script tool', path: '/admin/aiscript/tiktok', signedIn: true, goals: screenGoals },
  { name: 'chatbot', path: '/admin/chatbot', signedIn: true, goals: screenGoals },
  { name: 'niche sheet', path: '/admin/healthniche', signedIn: true, goals: screenGoals },
  { name: 'phone flow', path: '/admin/mobquickhealth', signedIn: true, goals: screenGoals },
  { name: 'calendar', path: '/admin/calendar', signedIn: true, goals: screenGoals },
  { name: 'leaderboard', path: '/admin/leaderboard', signedIn: true, goals: screenGoals },
  { name: 'notes', path: '/admin/notes', signedIn: true, goals: screenGoals },
  { name: 'contacts', path: '/admin/contacts', signedIn: true, goals: screenGoals },
  { name: 'leads', path: '/admin/sheet/leads', signedIn: true, goals: screenGoals },
  { name: 'content list', path: '/admin/sheet/content', signedIn: true, goals: screenGoals },
  { name: 'community feed', path: '/admin/community', signedIn: true, goals: screenGoals },
  // The first thread of the demo's feed, found on each server (see `threadOf`).
  { name: 'community thread', path: THREAD, signedIn: true, goals: screenGoals },
  { name: 'notifications', path: '/admin/notifications', signedIn: true, goals: screenGoals },
  {
    name: 'community reports (admin)',
    path: '/admin/community/reports',
    signedIn: true,
    admin: true,
    goals: screenGoals,
  },
  {
    name: 'members (admin)',
    path: '/admin/updateaccess',
    signedIn: true,
    admin: true,
    goals: screenGoals,
  },
  {
    name: 'insights (admin)',
    path: '/admin/insights',
    signedIn: true,
    admin: true,
    goals: screenGoals,
  },
]
/** How the second build's rows are labelled. */
const BESIDE = '(beside)'
const ANCHOR_PATHS: Record<AnchorPage, string> = { 'sign-in': '/sign-in', dashboard: '/' }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

const dir = mkdtempSync(join(tmpdir(), 'members-area-lighthouse-'))
// The servers and this process give the browser the CPU first (see serversGiveWay).
serversGiveWay()
const server = await startAppServer(dir)
const besideServer = besideDir
  ? await startAppServer(join(dir, 'beside'), { STATIC_DIR: besideDir })
  : undefined
let anchor: Started | undefined
if (withAnchor) {
  const port = await freePort()
  anchor = await startProcess(anchorServer!, {}, '/', port, [
    '--dir',
    anchorDir!,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
  ])
}
const debugPort = await freePort()
/** The servers' processes, whose CPU counts with the browser's other threads (run-queue.ts). */
const servers = [server, besideServer, anchor].flatMap((started) => (started ? [started.pid] : []))
// The persistent context is the browser's default one, the one Lighthouse opens its tab in, so
// the session written to local storage here is the one the measured page reads.
const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
  ...chromiumLaunch,
  args: [`--remote-debugging-port=${debugPort}`, ...chromiumLaunch.args],
})
benchmarkGivesWay()

/**
 * The CPU slowdown for the device class, from this host's speed measured again before each round:
 * a shared machine's speed moves during a run. Measured once before the runs, one run chose 5.04×
 * from an index of 1,332 while its runs measured 2,006: a phone of index ~400, not the 264 asked.
 */
const slowdown = roundSlowdown(browser, device)
console.log(await slowdown.calibrate())
/** The slowdowns the rounds ran at, and the class they stand for. */
const deviceSummary = () => {
  const [least, most] = [Math.min(...slowdown.chosen), Math.max(...slowdown.chosen)]
  const { index, name } = DEVICES[device]
  const set = index === undefined ? '' : ', set before each round'
  return `CPU ${least === most ? least : `${least}–${most}`}× slower${set}: ${index === undefined ? name : `a ${name}`}`
}

/**
 * A page of the origin that runs no script, where a run's storage is set: our servers' health
 * check, and a stylesheet of the anchor's build. An address answered with the app's index.html
 * (a favicon the build lacks, say) would start that app there, beside the load then measured.
 */
const anchorStylesheet =
  anchorDir &&
  /<link[^>]+href="(\/[^"]+\.css)"/.exec(readFileSync(join(anchorDir, 'index.html'), 'utf8'))?.[1]
const scriptless = (origin: string) => {
  if (origin !== anchor?.url) return `${origin}/api/health`
  if (!anchorStylesheet) throw new Error(`${anchorDir}/index.html links no stylesheet`)
  return `${origin}${anchorStylesheet}`
}

/**
 * The origin's service worker stopped, and what it kept deleted: before a run, so that the run
 * is a first visit (a worker from an earlier run would answer every page with index.html, not the
 * page's prerendered HTML); and after it, as the worker's install goes on once Lighthouse has
 * finished with the page (it fetches, stores and compiles the app's code) and would otherwise
 * run beside the next run, another build's or the anchor's, and slow it.
 */
async function forgetWorker(origin: string) {
  const cdp = await browser.newCDPSession(browser.pages()[0] ?? (await browser.newPage()))
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage,indexeddb',
  })
  await cdp.detach()
}

async function prepare(origin: string, stored: Record<string, string> | undefined) {
  const page = browser.pages()[0] ?? (await browser.newPage())
  await page.goto(scriptless(origin))
  await page.evaluate((items) => {
    localStorage.clear()
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v)
  }, stored ?? {})
  const cdp = await browser.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
  await forgetWorker(origin)
}

/** The trace Lighthouse recorded in the last run, kept with its report by `--save`. */
let lastTrace: unknown
/** The last run's blocking from the CPU time of its tasks (see cpu-blocking.ts). */
let lastCpu = { blocking: NaN, offCpu: NaN }
/** The last run's time on a core and waiting for one (see run-queue.ts). */
let lastRunQueue: RunQueue | undefined

/** One Lighthouse run; a run whose trace Chromium failed to record is repeated (twice at most). */
async function measure(url: string, stored: Record<string, string> | undefined) {
  for (let attempt = 1; ; attempt++) {
    await prepare(new URL(url).origin, stored)
    const runQueue = runQueueFrom(debugPort, servers)
    const result = await lighthouse(
      url,
      {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      {
        extends: 'lighthouse:default',
        settings: {
          throttling: {
            ...constants.throttling.mobileSlow4G,
            cpuSlowdownMultiplier: slowdown.multiplier,
          },
        },
      },
    )
    const runQueueOf = runQueue()
    await forgetWorker(new URL(url).origin)
    const lhr = result?.lhr
    if (lhr && !lhr.runtimeError) {
      const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace
      const paintedAt = (
        lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaintTs?: number }[] }
      )?.items?.[0]?.observedFirstContentfulPaintTs
      const main = trace && pageMainThread(trace.traceEvents)
      lastRunQueue = main && runQueueOf(main.pid, main.tid)
      lastCpu =
        trace && paintedAt !== undefined
          ? cpuBlocking(trace, paintedAt, slowdown.multiplier)
          : { blocking: NaN, offCpu: NaN }
      if (values.save) lastTrace = trace
      return lhr
    }
    const why = lhr?.runtimeError?.message ?? 'no result'
    if (attempt === 3) throw new Error(`${url}: ${why}`)
    process.stderr.write(`\n${url}: ${why}; once more\n`)
  }
}

type Report = NonNullable<Awaited<ReturnType<typeof measure>>>
const figuresOf = (lhr: Report): Figures => ({
  score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
  tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
  cpuTbt: lastCpu.blocking,
  offCpu: lastCpu.offCpu,
  ran: lastRunQueue?.ran ?? NaN,
  waited: lastRunQueue?.waited ?? NaN,
  othersRan: lastRunQueue?.othersRan ?? NaN,
  lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  benchmarkIndex: lhr.environment.benchmarkIndex,
})
const medians = (list: Figures[]): Figures => ({
  score: median(list.map((r) => r.score)),
  tbt: median(list.map((r) => r.tbt)),
  cpuTbt: median(list.map((r) => r.cpuTbt)),
  offCpu: median(list.map((r) => r.offCpu)),
  ran: median(list.map((r) => r.ran)),
  waited: median(list.map((r) => r.waited)),
  othersRan: median(list.map((r) => r.othersRan)),
  lcp: median(list.map((r) => r.lcp)),
  cls: median(list.map((r) => r.cls)),
  benchmarkIndex: median(list.map((r) => r.benchmarkIndex)),
})

let failed = false
try {
  const stored = await demoMemberStorage(server.url)
  const besideStored = besideServer && (await demoMemberStorage(besideServer.url))
  const ADMIN = { email: 'admin@example.com', password: 'Admin#2026' }
  const adminStored = await demoMemberStorage(server.url, ADMIN)
  const besideAdminStored = besideServer && (await demoMemberStorage(besideServer.url, ADMIN))
  const only = values.only?.split(',').map((name) => name.trim())
  const targets = TARGETS.filter((t) => !only || only.some((name) => t.name.startsWith(name)))
  const anchorPages = withAnchor
    ? (['sign-in', 'dashboard'] as const).filter((page) =>
        targets.some((t) => t.pair === page || (!t.pair && page === 'dashboard')),
      )
    : []
  let version = ''
  const results = new Map<string, Figures[]>()
  /** By page, the other threads that ran most beside it, ms a run (see run-queue.ts). */
  const busiest = new Map<string, Map<string, number>>()
  const keep = (name: string, lhr: Report, round: number) => {
    version = lhr.lighthouseVersion
    if (values.save) {
      mkdirSync(values.save, { recursive: true })
      writeFileSync(
        join(values.save, `${name.replace(/\W+/g, '-')}-${round + 1}.json`),
        JSON.stringify(lhr),
      )
      if (lastTrace) {
        writeFileSync(
          join(values.save, `${name.replace(/\W+/g, '-')}-${round + 1}.trace.json`),
          JSON.stringify(lastTrace),
        )
      }
    }
    results.set(name, [...(results.get(name) ?? []), figuresOf(lhr)])
    const others = busiest.get(name) ?? new Map<string, number>()
    for (const { label, ran } of lastRunQueue?.busiest ?? [])
      others.set(label, (others.get(label) ?? 0) + ran / runs)
    busiest.set(name, others)
    process.stderr.write('.')
  }
  // Interleaved: each round measures every page once, ours and the anchor's, so a busy moment
  // of this shared machine does not fall on one page only.
  const threads = new Map<string, string>()
  const measureOurs = async (base: string, target: Target, session = stored) => {
    let path = target.path
    if (path === THREAD) {
      if (!threads.has(base)) threads.set(base, await threadOf(base, session))
      path = threads.get(base)!
    }
    const lhr = await measure(`${base}${path}`, target.signedIn ? session : undefined)
    // Where it ended: the same path, and the same query if one was asked for.
    const [final, asked] = [new URL(lhr.finalDisplayedUrl), new URL(path, base)]
    if (final.pathname !== asked.pathname || (asked.search && final.search !== asked.search))
      throw new Error(`${path} ended on ${final.pathname}${final.search}`)
    // A page that failed to start would measure as fast as a blank one.
    const errors =
      (lhr.audits['errors-in-console']?.details as { items?: { description?: string }[] })?.items ??
      []
    if (errors.length) {
      throw new Error(`${base}${path}: ${errors.map((e) => e.description).join('; ')}`)
    }
    return lhr
  }
  for (let round = 0; round < runs; round++) {
    if (round > 0) process.stderr.write(`\n${await slowdown.calibrate()}\n`)
    for (const target of targets) {
      keep(
        target.name,
        await measureOurs(server.url, target, target.admin ? adminStored : stored),
        round,
      )
      if (besideServer) {
        keep(
          `${target.name} ${BESIDE}`,
          await measureOurs(
            besideServer.url,
            target,
            target.admin ? besideAdminStored : besideStored,
          ),
          round,
        )
      }
      const paired = anchorPages.find((page) => page === target.pair)
      if (paired)
        keep(
          `anchor ${paired}`,
          await measure(`${anchor!.url}${ANCHOR_PATHS[paired]}`, undefined),
          round,
        )
    }
    // The anchor's dashboard is every other screen's yardstick, even when its pair is not run.
    if (anchorPages.includes('dashboard') && !targets.some((t) => t.pair === 'dashboard')) {
      keep('anchor dashboard', await measure(`${anchor!.url}/`, undefined), round)
    }
  }
  process.stderr.write('\n')
  const m = new Map([...results].map(([name, list]) => [name, medians(list)]))
  const anchorFigures = Object.fromEntries(
    anchorPages.map((page) => [page, m.get(`anchor ${page}`)!]),
  ) as Partial<Record<AnchorPage, Figures>>
  const index = median([...results.values()].flat().map((r) => r.benchmarkIndex))
  console.log(
    `Lighthouse ${version}, slow 4G, ${deviceSummary()}; medians of ${runs}, runs' benchmarkIndex ${index.toFixed(0)}` +
      (withAnchor ? `; anchor: ${anchorDir}` : '; no anchor: absolute figures only'),
  )
  console.log('')
  const rows: string[][] = [
    [
      'page',
      'score',
      'TBT ms',
      'LCP ms',
      'CLS',
      'vs anchor',
      'goals',
      'CPU-time TBT',
      'off-CPU',
      'main thread ran / waited for a core ms',
      'other threads ran ms',
    ],
  ]
  const offCpu = (f: Figures) => `${Math.round(f.offCpu * 100)} %`
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—')
  const runQueueColumns = (f: Figures) => [`${ms(f.ran)} / ${ms(f.waited)}`, ms(f.othersRan)]
  const ratio = (ours: number, theirs: number) => (theirs ? `${(ours / theirs).toFixed(2)}×` : '–')
  for (const page of anchorPages) {
    const a = m.get(`anchor ${page}`)!
    rows.push([
      `anchor ${page}`,
      String(a.score),
      a.tbt.toFixed(0),
      a.lcp.toFixed(0),
      a.cls.toFixed(3),
      '',
      '',
      a.cpuTbt.toFixed(0),
      offCpu(a),
      ...runQueueColumns(a),
    ])
  }
  for (const target of targets) {
    const o = m.get(target.name)!
    const b = m.get(`${target.name} ${BESIDE}`)
    let versus = ''
    let goals = ''
    const against = anchorFigures[target.pair ?? 'dashboard']
    // A paired page is held to its pair, every other screen to the anchor's dashboard.
    if (against) {
      const lead = o.score - against.score
      versus = `TBT ${ratio(o.tbt, against.tbt)}, LCP ${ratio(o.lcp, against.lcp)}, score ${lead >= 0 ? '+' : ''}${lead}`
      const missed = target
        .goals(anchorFigures as Record<AnchorPage, Figures>)
        .filter((g) => !g.met(o))
      failed ||= missed.length > 0
      goals = missed.length ? `missed: ${missed.map((g) => g.label).join(', ')}` : 'met'
    }
    rows.push([
      target.name,
      String(o.score),
      o.tbt.toFixed(0),
      o.lcp.toFixed(0),
      o.cls.toFixed(3),
      versus,
      goals,
      o.cpuTbt.toFixed(0) + (against ? ` (${ratio(o.cpuTbt, against.cpuTbt)})` : ''),
      offCpu(o),
      ...runQueueColumns(o),
    ])
    if (b) {
      rows.push([
        `  ${BESIDE}`,
        String(b.score),
        b.tbt.toFixed(0),
        b.lcp.toFixed(0),
        b.cls.toFixed(3),
        `ours ÷ it: TBT ${ratio(o.tbt, b.tbt)}, LCP ${ratio(o.lcp, b.lcp)}, score ${o.score - b.score >= 0 ? '+' : ''}${o.score - b.score}`,
        '',
        b.cpuTbt.toFixed(0),
        offCpu(b),
        ...runQueueColumns(b),
      ])
    }
  }
  printTable(rows)
  if (besideDir) console.log(`\n${BESIDE}: ${besideDir}`)
  if ([...busiest.values()].some((others) => others.size)) {
    console.log('\nThe threads that ran most beside each page, ms a run (the servers included):')
    for (const [name, others] of busiest) {
      const top = [...others].sort((a, b) => b[1] - a[1]).slice(0, 5)
      console.log(
        `  ${name}: ${top.map(([label, ran]) => `${label} ${ran.toFixed(0)}`).join(', ')}`,
      )
    }
  }
} finally {
  await browser.close()
  await server.stop()
  await besideServer?.stop()
  await anchor?.stop()
  rmSync(dir, { recursive: true, force: true })
}
if (failed) process.exitCode = 1
