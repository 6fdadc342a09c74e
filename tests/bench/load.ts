/**
 * A bounded mixed load on the real server, on the embedded database and on PostgreSQL: several
 * members reading their notes and session (reads only at 50 connections first), then also
 * changing notes, at 50 and 500 connections (60 s each by default). Prints requests/s,
 * p50/p99/slowest, how many were shed with 503, other errors, the server's event-loop lag (from
 * the lines it logs with EVENT_LOOP_LOG_SECONDS) and its resident memory before and after. Then
 * kill -9 under steady note writes, a few cycles per database: writes the server acknowledged
 * against writes found after the restart, and how long the restart took.
 *
 *   npm run bench:load [-- --duration 60 --cycles 10 --only embedded]
 *
 * With `--contention` it instead measures one member on a busy machine: Chromium loads the app's
 * heaviest screens in a loop from a second server on this machine, while the member sends 5
 * requests a second (dashboard reads, a note change, a lesson, a search) for `--duration`
 * seconds to the measured server; then the same while a second member imports CSV files of
 * 10,000 earnings rows one after another. Prints the member's 503s (the goal is none), other
 * errors and p50/p99/slowest. Run `npm run build` first: the second server serves dist/.
 *
 * With `--soak 600` it instead keeps a wider mixed load (notes created, changed and deleted,
 * events, courses, search, session) at 50 connections for that many seconds on each database, and
 * prints the server's resident memory after the first minute, every few minutes, and at the end.
 *
 * Goals: p99 of reads at 50 connections ≤ 50 ms on PostgreSQL; at 500 connections no request
 * waits more than 2 s (the rest is shed with 503); no error but 503; no acknowledged write lost;
 * resident memory at the end of a 10-minute soak within 10 % of the figure after 1 minute.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'
import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { scratchDatabase } from '../scratch-database'
import {
  demoMemberStorage,
  freePort,
  percentile,
  printTable,
  root,
  startAppServer,
  startProcess,
  type Started,
} from './process'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    cycles: { type: 'string', default: '10' },
    only: { type: 'string' },
    soak: { type: 'string' },
    contention: { type: 'boolean' },
  },
})
const soak = values.soak ? Math.max(120, Math.min(3600, Number(values.soak))) : 0
const duration = Math.max(5, Math.min(600, Number(values.duration)))
const cycles = Math.max(1, Math.min(20, Number(values.cycles)))
const pgServer = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const MEMBERS = 4
const NOTES = 10
/** The measured server logs its event-loop lag over windows this long. */
const LAG_WINDOW_SECONDS = 5

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
  return line ? Number(line[1]) / 1024 : NaN
}

/**
 * The server's event-loop lag during [from, to] (ms since the epoch), from the lines it logged
 * for the windows within it: the worst window's p99 (no lower than the p99 of the whole time)
 * and the most.
 */
function lagDuring(server: Started, from: number, to: number) {
  const windows = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"event loop lag"'))
    .map(
      (line) => JSON.parse(line) as { time: number; eventLoopLagMs: { p99: number; max: number } },
    )
    .filter(({ time }) => time - LAG_WINDOW_SECONDS * 1000 >= from && time <= to)
    .map((line) => line.eventLoopLagMs)
  if (!windows.length) return '—'
  return `${Math.max(...windows.map((w) => w.p99))} / ${Math.max(...windows.map((w) => w.max))}`
}

interface Member {
  token: string
  notes: string[]
}

async function signUp(url: string, i: number): Promise<Member> {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: `Load ${i}`,
      email: `load-${i}-${Date.now()}@example.com`,
      password: 'Load#password1',
    }),
  })
  const { token } = (await res.json()) as { token: string }
  if (!token) throw new Error(`could not sign up: ${res.status}`)
  const notes: string[] = []
  for (let n = 0; n < NOTES; n++) {
    const made = await fetch(`${url}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Campaign ${n + 1}`,
        body: 'Check the hoplink and the numbers.',
      }),
    })
    notes.push(((await made.json()) as { data: { id: string } }).data.id)
  }
  return { token, notes }
}

/** Reads of notes and of the session, and note changes (no growth), spread over the members. */
async function mixed(url: string, members: Member[], connections: number, readsOnly = false) {
  let next = 0
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    setupClient: (client) => {
      const m = members[next++ % members.length]!
      const note = m.notes[next % m.notes.length]!
      client.setHeaders({ authorization: `Bearer ${m.token}`, 'content-type': 'application/json' })
      client.setRequests([
        { method: 'GET', path: '/api/notes' },
        { method: 'GET', path: '/api/auth/current' },
        { method: 'GET', path: '/api/notes' },
        readsOnly
          ? { method: 'GET', path: '/api/auth/current' }
          : {
              method: 'PUT',
              path: `/api/notes/${note}`,
              body: JSON.stringify({ title: `Campaign ${next}`, body: `Changed at ${Date.now()}` }),
            },
      ])
    },
  })
  return summary(result)
}

function summary(result: autocannon.Result) {
  const codes =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
      .statusCodeStats ?? {}
  const shed = codes['503']?.count ?? 0
  const other = Object.entries(codes)
    .filter(([code]) => !code.startsWith('2') && code !== '503')
    .reduce((sum, [, c]) => sum + c.count, 0)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    shed,
    errors: other + result.errors + result.timeouts,
  }
}

/**
 * The soak's load: each connection lists notes, events of this month and courses, searches the
 * lessons, reads its session, creates a note (with an Idempotency-Key), changes it and deletes it,
 * so rows are made and removed all the time and nothing grows.
 */
async function soakLoad(url: string, members: Member[], pid: number) {
  const month = new Date()
  const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)).toISOString()
  const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)).toISOString()
  let next = 0
  const samples: { second: number; mb: number }[] = []
  const started = Date.now()
  const sampler = setInterval(
    () => samples.push({ second: (Date.now() - started) / 1000, mb: rssMb(pid) }),
    5000,
  )
  // Answers other than 2xx by request, to tell which part of the mix fails or is shed.
  const failures = new Map<string, number>()
  const count = (label: string) => (status: number) => {
    if (status >= 300)
      failures.set(`${label} ${status}`, (failures.get(`${label} ${status}`) ?? 0) + 1)
  }
  /**
   * autocannon keeps the Content-Length of a request's last body in its headers: a request that
   * changes from one with a body to one without must drop it, or the server waits for a body.
   */
  const bodiless = (req: autocannon.Request): autocannon.Request => ({
    ...req,
    headers: Object.fromEntries(
      Object.entries(req.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-length'),
    ),
    body: undefined,
  })
  const result = await autocannon({
    url,
    connections: 50,
    duration: soak,
    timeout: 10,
    setupClient: (client) => {
      const m = members[next++ % members.length]!
      const authorization = `Bearer ${m.token}`
      // A request's own headers replace the client's, so the writes carry both.
      const json = { authorization, 'content-type': 'application/json' }
      // Notes this connection made and has not deleted yet (a shed delete is tried again).
      const made: string[] = []
      let deleting: string | undefined
      const listInstead = (req: autocannon.Request) =>
        bodiless({ ...req, method: 'GET', path: '/api/notes' })
      client.setHeaders({ authorization })
      client.setRequests([
        { method: 'GET', path: '/api/notes', onResponse: count('GET /api/notes') },
        {
          method: 'GET',
          path: `/api/event?from=${from}&to=${to}`,
          onResponse: count('GET /api/event'),
        },
        { method: 'GET', path: '/api/auth/current', onResponse: count('GET /api/auth/current') },
        { method: 'GET', path: '/api/courses', onResponse: count('GET /api/courses') },
        {
          method: 'GET',
          path: '/api/search?q=keyword%20research',
          onResponse: count('GET /api/search'),
        },
        {
          method: 'POST',
          path: '/api/notes',
          headers: json,
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ title: 'Soak note', body: 'Made under load.' }),
          }),
          onResponse: (status, body) => {
            count('POST /api/notes')(status)
            if (status === 201) made.push((JSON.parse(body) as { data: { id: string } }).data.id)
          },
        },
        {
          method: 'PUT',
          headers: json,
          setupRequest: (req) =>
            made.length
              ? {
                  ...req,
                  method: 'PUT',
                  path: `/api/notes/${made.at(-1)}`,
                  body: JSON.stringify({ title: 'Soak note', body: `Changed at ${Date.now()}` }),
                }
              : listInstead(req),
          onResponse: count('PUT /api/notes/:id'),
        },
        {
          method: 'DELETE',
          setupRequest: (req) => {
            deleting = made.pop()
            return deleting
              ? bodiless({ ...req, method: 'DELETE', path: `/api/notes/${deleting}` })
              : listInstead(req)
          },
          onResponse: (status) => {
            count(deleting ? 'DELETE /api/notes/:id' : 'GET /api/notes')(status)
            if (deleting && status !== 200 && status !== 204 && status !== 404) made.push(deleting)
            deleting = undefined
          },
        },
      ])
    },
  })
  clearInterval(sampler)
  samples.push({ second: (Date.now() - started) / 1000, mb: rssMb(pid) })
  return { ...summary(result), samples, failures }
}

/** kill -9 while one client writes notes one after another; then count what survived. */
async function killCycles(env: Record<string, string>, dir: string) {
  const port = await freePort()
  let server = await startProcess('server/server.ts', env, '/api/health', port)
  const member = await signUp(server.url, 99)
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${member.token}` }
  let acknowledged = 0
  let found = 0
  const restartMs: number[] = []
  try {
    for (let cycle = 0; cycle < cycles; cycle++) {
      const titles: string[] = []
      const killAt = Date.now() + 1000 + Math.random() * 2000
      let killed = false
      const writer = (async () => {
        // Under the member's note limit: the rest of the cycle waits for the kill.
        for (let i = 0; i < 400; i++) {
          const title = `Cycle ${cycle} write ${i}`
          try {
            const res = await fetch(`${server.url}/api/notes`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ title }),
            })
            if (res.status === 201) titles.push(title)
          } catch {
            if (killed) return
          }
          if (killed) return
        }
      })()
      await new Promise((r) => setTimeout(r, killAt - Date.now()))
      process.kill(server.pid, 'SIGKILL')
      killed = true
      await writer
      await new Promise((r) => setTimeout(r, 200))
      const restarting = performance.now()
      server = await startProcess('server/server.ts', env, '/api/health', port)
      restartMs.push(performance.now() - restarting)
      const list = await fetch(`${server.url}/api/notes`, { headers })
      const notes = ((await list.json()) as { data: { id: string; title: string }[] }).data
      const have = new Set(notes.map((n) => n.title))
      acknowledged += titles.length
      found += titles.filter((t) => have.has(t)).length
      // Start each cycle with room under the member's note limit.
      for (const note of notes.filter((n) => n.title.startsWith('Cycle '))) {
        const gone = await fetch(`${server.url}/api/notes/${note.id}`, {
          method: 'DELETE',
          headers: { authorization: headers.authorization },
        })
        if (!gone.ok) throw new Error(`could not delete a note: ${gone.status}`)
      }
    }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return { acknowledged, found, restartMs }
}

async function onDatabase(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-load-'))
  const serverEnv = {
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    EVENT_LOOP_LOG_SECONDS: String(LAG_WINDOW_SECONDS),
    ...env,
  }
  const server: Started = await startProcess('server/server.ts', serverEnv, '/api/health')
  const rows: string[][] = []
  try {
    const members: Member[] = []
    for (let i = 0; i < MEMBERS; i++) members.push(await signUp(server.url, i))
    if (soak)
      return {
        rows: [soakRow(label, rssMb(server.pid), await soakLoad(server.url, members, server.pid))],
      }
    for (const [connections, readsOnly] of [
      [50, true],
      [50, false],
      [500, false],
    ] as const) {
      const before = rssMb(server.pid)
      const from = Date.now()
      const f = await mixed(server.url, members, connections, readsOnly)
      // The window that closes with the run is logged a moment later.
      await pause(LAG_WINDOW_SECONDS * 1000)
      const after = rssMb(server.pid)
      rows.push([
        label,
        `${connections}${readsOnly ? ', reads only' : ', mixed'}`,
        f.rps.toFixed(0),
        `${f.p50} / ${f.p99} / ${f.max}`,
        String(f.total),
        String(f.shed),
        String(f.errors),
        lagDuring(server, from, Date.now()),
        `${before.toFixed(0)} → ${after.toFixed(0)} MB`,
      ])
    }
  } finally {
    await server.stop()
    if (soak) rmSync(dir, { recursive: true, force: true })
  }
  const kills = await killCycles({ ...serverEnv, DATA_DIR: join(dir, 'kill') }, dir)
  return { rows, kills }
}

/** Resident memory at the start, after 1 minute, every 3 minutes after that and at the end. */
/**
 * Resident memory swings with each garbage collection, so each mark is the mean of the samples
 * (every 5 s) of the minute before it, with their range: after 1 minute, every 3 minutes, at the end.
 */
function soakRow(label: string, start: number, f: Awaited<ReturnType<typeof soakLoad>>) {
  for (const [answer, n] of [...f.failures].sort((a, b) => b[1] - a[1])) {
    console.log(`${label}: ${answer} × ${n}`)
  }
  const minuteTo = (second: number) => {
    const window = f.samples.filter((s) => s.second > second - 60 && s.second <= second + 1)
    const mbs = window.map((s) => s.mb)
    return {
      second,
      mean: mbs.reduce((a, b) => a + b, 0) / mbs.length,
      low: Math.min(...mbs),
      high: Math.max(...mbs),
    }
  }
  const end = f.samples.at(-1)!.second
  const marks = [minuteTo(60)]
  for (let second = 240; second < end - 30; second += 180) marks.push(minuteTo(second))
  marks.push(minuteTo(end))
  const first = marks[0]!
  const last = marks.at(-1)!
  return [
    label,
    f.rps.toFixed(0),
    `${f.p50} / ${f.p99} / ${f.max}`,
    String(f.total),
    String(f.shed),
    String(f.errors),
    `${start.toFixed(0)}; ${marks
      .map(
        (m) =>
          `${Math.round(m.second / 60)} min ${m.mean.toFixed(0)} (${m.low.toFixed(0)}–${m.high.toFixed(0)})`,
      )
      .join(', ')}`,
    `${(((last.mean - first.mean) / first.mean) * 100).toFixed(1)} %`,
  ]
}

/** `run` on a scratch PostgreSQL database, or why it was skipped. */
async function postgres<T>(run: (label: string, env: Record<string, string>) => Promise<T>) {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  try {
    scratch = await scratchDatabase(pgServer, 'members_area_bench_load')
  } catch (error) {
    return `PostgreSQL skipped: ${(error as Error).message}`
  }
  try {
    return await run('PostgreSQL', {
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      EARNINGS_KEY: 'x7Pq0v2cJ5m9L1s4T8w3Y6b0N2r5K9d1F4h7Q0z3A6c=',
    })
  } finally {
    await scratch.drop()
  }
}

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length

/** The screens Chromium loads in turn: the ones that ask the most of the server and the browser. */
const HEAVY_SCREENS = [
  '/admin/dashboard',
  '/admin/accountdetail',
  '/admin/calendar',
  '/admin/healthniche',
  '/admin/training/module1/lesson1',
  '/admin/chatbot',
]

/** Chromium loading the heaviest screens one after another, from a server of its own. */
async function browseInLoop(dir: string) {
  const server = await startAppServer(dir)
  const browser = await chromium.launch(chromiumLaunch)
  const storage = await demoMemberStorage(server.url)
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server.url,
          localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })),
        },
      ],
    },
  })
  const page = await context.newPage()
  let browsing = true
  let loads = 0
  const loop = (async () => {
    for (let i = 0; browsing; i++) {
      const path = HEAVY_SCREENS[i % HEAVY_SCREENS.length]!
      await page.goto(server.url + path, { waitUntil: 'networkidle' }).catch(() => undefined)
      loads++
    }
  })()
  return {
    loads: () => loads,
    stop: async () => {
      browsing = false
      await loop
      await browser.close()
      await server.stop()
    },
  }
}

/**
 * One member's steady use: 5 requests a second, in turn the dashboard's reads, a note change, a
 * lesson and a search, each sent on time whether or not the one before has been answered.
 */
async function memberAtFivePerSecond(url: string, member: Member, lesson: string) {
  const auth = { authorization: `Bearer ${member.token}` }
  const requests: [string, RequestInit][] = [
    ['/api/courses', { headers: auth }],
    ['/api/memberinfo', { headers: auth }],
    ['/api/dgmemberinfo', { headers: auth }],
    ['/api/notes', { headers: auth }],
    [
      `/api/notes/${member.notes[0]}`,
      {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Under contention',
          body: 'Changed while the machine is busy.',
        }),
      },
    ],
    [`/api/lesson?path=${encodeURIComponent(lesson)}`, { headers: auth }],
    ['/api/search?q=keyword%20research', { headers: auth }],
  ]
  const answers: { status: number; ms: number }[] = []
  const sent: Promise<void>[] = []
  const start = performance.now()
  for (let i = 0; i < duration * 5; i++) {
    const [path, init] = requests[i % requests.length]!
    const at = performance.now()
    sent.push(
      fetch(url + path, init).then(
        async (res) => {
          await res.arrayBuffer()
          answers.push({ status: res.status, ms: performance.now() - at })
        },
        () => void answers.push({ status: 0, ms: performance.now() - at }),
      ),
    )
    await pause(start + (i + 1) * 200 - performance.now())
  }
  await Promise.all(sent)
  const ms = answers.map((a) => a.ms)
  return {
    requests: answers.length,
    shed: answers.filter((a) => a.status === 503).length,
    errors: answers.filter((a) => a.status !== 503 && (a.status < 200 || a.status >= 300)).length,
    latency: `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} / ${Math.max(...ms).toFixed(0)}`,
  }
}

/** A ClickBank export of `rows` sales no earlier import had, as the network's CSV. */
function clickbankExport(nickname: string, batch: number, rows: number) {
  const lines = [
    'Transaction Date,Receipt,Transaction Type,Vendor,Affiliate,Item,Product Title,Customer Country,Currency,Amount,Tracking ID',
  ]
  const year = 365 * 24 * 3600 * 1000
  for (let i = 0; i < rows; i++) {
    const at = new Date(Date.now() - ((i * 7919) % year)).toISOString()
    const product = i % 5
    lines.push(
      `${at},CB${batch}X${i}Z,SALE,vendor${product},${nickname},P${product},"Product ${product}",US,USD,${(10 + (i % 50)).toFixed(2)},load`,
    )
  }
  return lines.join('\n')
}

/** A second member importing CSV files of 10,000 earnings rows, one after another, until stopped. */
function importInLoop(url: string, member: Member) {
  let importing = true
  let files = 0
  let shed = 0
  const nickname = `load${Date.now() % 100000}`
  const auth = { authorization: `Bearer ${member.token}` }
  const done = (async () => {
    const connected = await fetch(`${url}/api/creatememberinfo`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname }),
    })
    if (!connected.ok) throw new Error(`could not connect an account: ${connected.status}`)
    while (importing) {
      const body = new FormData()
      const csv = clickbankExport(nickname, files + shed, 10_000)
      body.append('file', new Blob([csv], { type: 'text/csv' }), 'clickbank.csv')
      const res = await fetch(`${url}/api/earnings/accounts/clickbank/import`, {
        method: 'POST',
        headers: auth,
        body,
      })
      if (res.status === 503) {
        shed++
        await pause(2000)
      } else if (!res.ok) {
        throw new Error(`an import failed: ${res.status} ${await res.text()}`)
      } else {
        files++
      }
    }
  })()
  return {
    stop: async () => {
      importing = false
      await done
      return `${files} × 10,000${shed ? `, ${shed} shed` : ''}`
    },
  }
}

async function contention(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-contention-'))
  // The measured server runs with the shedding settings a new user gets.
  const server = await startProcess(
    'server/server.ts',
    {
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      EARNINGS_SYNC_MINUTES: '0',
      ...env,
    },
    '/api/health',
  )
  const browsing = await browseInLoop(join(dir, 'browser'))
  try {
    const member = await signUp(server.url, 0)
    const importer = await signUp(server.url, 1)
    const courses = await fetch(`${server.url}/api/courses`, {
      headers: { authorization: `Bearer ${member.token}` },
    })
    const list = (await courses.json()) as {
      data: { courses: { lessons: { path: string; locked: boolean }[] }[] }
    }
    const lesson = list.data.courses.flatMap((c) => c.lessons).find((l) => !l.locked)!.path
    await pause(5000) // Chromium is under way
    const row = (meanwhile: string, f: Awaited<ReturnType<typeof memberAtFivePerSecond>>) => [
      label,
      meanwhile,
      String(f.requests),
      String(f.shed),
      String(f.errors),
      f.latency,
    ]
    let loadsBefore = browsing.loads()
    const alone = row('Chromium', await memberAtFivePerSecond(server.url, member, lesson))
    alone.push(String(browsing.loads() - loadsBefore), '—')
    loadsBefore = browsing.loads()
    const imports = importInLoop(server.url, importer)
    const importing = row(
      'Chromium, CSV imports',
      await memberAtFivePerSecond(server.url, member, lesson),
    )
    importing.push(String(browsing.loads() - loadsBefore), await imports.stop())
    return [alone, importing]
  } finally {
    await browsing.stop()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (values.contention) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('Build the app first (npm run build): the browser loads it from a second server.')
    process.exit(1)
  }
  console.log(
    `Contention: Chromium loads ${HEAVY_SCREENS.join(', ')} in a loop from a second server on this machine; one member sends 5 requests a second for ${duration} s\n`,
  )
  const table = [
    [
      'database',
      'meanwhile',
      'requests',
      '503 (shed)',
      'other errors',
      'p50 / p99 / slowest ms',
      'screens loaded',
      'CSV rows imported',
    ],
  ]
  for (const [label, run] of [
    ['embedded', () => contention('embedded', { DATABASE_URL: '' })],
    ['PostgreSQL', () => postgres(contention)],
  ] as const) {
    if (values.only && !label.toLowerCase().startsWith(values.only.toLowerCase())) continue
    const result = await run()
    if (typeof result === 'string') console.log(result)
    else table.push(...result)
  }
  printTable(table)
  process.exit(0)
}

if (soak)
  console.log(
    `Soak: ${MEMBERS} members, notes made, changed and deleted, events, courses, search and session, 50 connections for ${soak} s, loopback\n`,
  )
else
  console.log(
    `Mixed load: ${MEMBERS} members, notes and session reads with note changes, ${duration} s per run, loopback\n`,
  )
const table = [
  soak
    ? [
        'database',
        'requests/s',
        'p50 / p99 / slowest ms',
        'requests',
        '503 (shed)',
        'other errors',
        'resident memory MB: start; mean (range) of the minute to',
        'change, 1st minute to last',
      ]
    : [
        'database',
        'connections',
        'requests/s',
        'p50 / p99 / slowest ms',
        'requests',
        '503 (shed)',
        'other errors',
        'event-loop lag ms: p99 (worst 5 s) / most',
        'resident memory',
      ],
]
const kills: string[][] = [
  [
    'database',
    'kill -9 cycles',
    'acknowledged writes',
    'found after restart',
    'lost',
    'restart until answering ms: mean / slowest',
  ],
]
for (const [label, run] of [
  ['embedded', () => onDatabase('embedded', { DATABASE_URL: '' })],
  ['PostgreSQL', () => postgres(onDatabase)],
] as const) {
  if (values.only && !label.toLowerCase().startsWith(values.only.toLowerCase())) continue
  const result = await run()
  if (typeof result === 'string') {
    console.log(result)
    continue
  }
  table.push(...result.rows)
  if (result.kills)
    kills.push([
      label,
      String(cycles),
      String(result.kills.acknowledged),
      String(result.kills.found),
      String(result.kills.acknowledged - result.kills.found),
      `${mean(result.kills.restartMs).toFixed(0)} / ${Math.max(...result.kills.restartMs).toFixed(0)}`,
    ])
}
printTable(table)
if (!soak) {
  console.log('')
  printTable(kills)
}
