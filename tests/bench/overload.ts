/**
 * Overload: one member reading `GET /api/notes` on the real server, on the embedded database and
 * on PostgreSQL. A closed loop (each connection sends its next request once answered, as a crowd
 * of impatient clients does, never waiting for Retry-After) at 50, 250, 500, 1,000 and 2,000
 * connections, and on 2,000 connections of which only 100 have a request out at once (`2000:100`:
 * the connections send in turn, as many clients that each send now and then keep theirs open), and
 * an open loop at twice the best 2xx/s seen, from 1,000 clients that honour
 * Retry-After as the app's own client does (wait it out, plus a random part of it). Both speak
 * raw HTTP/1.1 on connections opened before they start: the load comes from the same two cores
 * as the server, and a lighter client leaves the server more of them (autocannon took a quarter
 * more CPU a request at 500 connections than at 50, which counted against the server).
 *
 * The loops run in `--rounds` rounds, each level in turn in every round and the open loop last,
 * so that a slower minute of this shared machine falls on every level rather than on one: a
 * level's 2xx/s is the median of its rounds, and its share of the peak is of the best closed
 * level's median. The open loop is measured so too: run once after all the closed rounds, it was
 * one sample of a later minute set against the best of five medians (this host's speed moved by
 * half between two runs a minute apart: 51 and 77 µs of the server's CPU for the same answer). Many short
 * rounds (9 of 3 s), not a few long ones (3 of 5 s): three levels of the same 50 connections then
 * read 93–100 % of their best, where three rounds of 5 s read 69–100 % (bare Fastify) and
 * 91–100 % (ours), too wide a spread to tell a level at 90 % from one at 100 %. Each run
 * measures after `--warmup` seconds, in which all its connections send at once and the queue
 * settles; the slowest admitted answer of the warm-up is printed apart ("first seconds").
 * Prints, for every level: requests/s, 2xx/s and its share of the peak, the share answered 503,
 * the admitted (2xx) requests' p50 / p99 / slowest, and anything but 2xx or 503; also the CPU time
 * each answer cost the server (its main thread, which answers, and its other threads) and the load
 * generator, and the machine's idle share, from Linux's /proc (an idle machine in the open loop
 * is a server waiting on its queue, or on clients told to wait): a
 * level that serves less because the server spent more on each request reads apart from one
 * where the server got less of the machine. Beside the embedded database, in the same rounds, bare
 * Fastify sends the same notes list (REFERENCE_LABEL): the share of its peak that any server on
 * Node's HTTP stack keeps here as connections grow, to read the server's share against; it also
 * takes the same open loop, after ours in each round, and, refusing nothing, answers there what
 * Node keeps with the open loop's 4,000 connections all busy: a ceiling for the open loop's share.
 * The `2000:100` level tells a cost of requests under way from a cost of connections open: its
 * requests out at once are those of the 100-connection level, but each goes out on a connection
 * that has sat idle while the others took their turn. On this machine it read 84 % of the peak for
 * ours and 85 % for bare Fastify (3 rounds), where 2,000 connections all sending read 90 % and
 * 86 %: what the server keeps falls with the connections open, not with the requests waiting; the
 * kernel's share of the server's time a request rose from about 7.7 to 12.2 µs (perf, bare Fastify,
 * 100 connections against 2,000 with 100 sending), its own code's from about 16 to 19.
 * After the loops, the server's own count of what it shed in the open loops, by reason (its metrics: `queue`
 * for a request that waited its limit out, `event_loop` or `database_wait` for one refused at
 * arrival): whether refusals came from the queue or from a measure of pressure.
 *
 *   npm run bench:overload [-- --duration 3 --rounds 9 --warmup 2 --only embedded
 *                              --server-dir ../other-checkout]
 *   npm run bench:overload -- --levels '' --open-rate 14000 --rounds 3   (the open loop alone)
 *
 * Goals: at every level 2xx/s ≥ 90 % of the peak, admitted p99 ≤ 100 ms, slowest admitted ≤ 1 s,
 * no error but 503. `--server-dir` runs another checkout's server (its node_modules in place)
 * under the same load, for a before-and-after in one run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'

import { postgres, signUp, tableOfDatabases } from './load/setup'
import { percentile, procStat, startProcess } from './process'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '9' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    'server-dir': { type: 'string' },
    levels: { type: 'string', default: '50,250,500,1000,2000,2000:100' },
    'open-rate': { type: 'string' },
    'open-duration': { type: 'string', default: '6' },
    'open-warmup': { type: 'string', default: '6' },
  },
})
const duration = Math.max(3, Math.min(120, Number(values.duration)))
/**
 * Each round's open loop is measured after a longer warm-up than a closed loop's: the first
 * refusals come once a request has waited the server's queue limit out (3 s), and a client told
 * 503 then waits 1 to 2 s, so the first seconds show only the crowd's first refusals, not how it
 * and the server settle.
 */
const openDuration = Math.max(3, Math.min(120, Number(values['open-duration'])))
const openWarmup = Math.max(0, Math.min(60, Number(values['open-warmup'])))
const rounds = Math.max(1, Math.min(10, Number(values.rounds)))
const warmup = Math.max(0, Math.min(30, Number(values.warmup)))
/**
 * A closed level: its connections, and how many of them have a request out at once (all, unless
 * written `open:sending`).
 */
interface Level {
  key: string
  open: number
  sending: number
}
const levels: Level[] = values.levels
  .split(',')
  .filter(Boolean)
  .map((key) => {
    const [open, sending = open] = key.split(':').map(Number) as [number, number?]
    return { key, open, sending: Math.min(open, sending) }
  })
const serverDir = values['server-dir'] ? resolve(values['server-dir']) : undefined
const OPEN_LOOP_CLIENTS = 1000
/** The open loop's kept-alive connections, all opened before it starts. */
const OPEN_LOOP_CONNECTIONS = 4000

interface Tally {
  seconds: number
  ok: number[]
  shed: number
  other: Map<string, number>
  /** Requests the open loop meant to send (only it offers a rate). */
  offered?: number
  heldBack?: number
  /** The load generator's own event-loop lag while it measured, p99 in ms (see lagMeter). */
  lag?: number
  /** CPU time spent while it was measured, in ms (see cpuNow). */
  cpu?: Cpu
}

/** CPU time in ms: the server's main thread, its other threads, this process, the idle machine. */
interface Cpu {
  serverMain: number
  serverOther: number
  client: number
  idle: number
  all: number
}

/**
 * The CPU time used so far, read from Linux's /proc (none elsewhere): what tells a server that
 * got less of the machine from one that spent more on each request. The server's main thread is
 * the one that answers; its other threads are the embedded database's, the garbage collector's
 * and libuv's.
 */
function cpuNow(serverPid: number): Cpu | undefined {
  try {
    const ticks = (path: string) => {
      const fields = procStat(path)
      return (Number(fields[11]) + Number(fields[12])) * 10 // utime + stime, at 100 ticks a second
    }
    // The process's own figure keeps the time of threads that have ended since.
    const serverMain = ticks(`/proc/${serverPid}/task/${serverPid}/stat`)
    const serverOther = ticks(`/proc/${serverPid}/stat`) - serverMain
    const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1)
    const jiffies = machine.map(Number)
    const own = process.cpuUsage()
    return {
      serverMain,
      serverOther,
      client: (own.user + own.system) / 1000,
      idle: (jiffies[3]! + jiffies[4]!) * 10,
      all: jiffies.reduce((a, b) => a + b, 0) * 10,
    }
  } catch {
    return undefined
  }
}

/** `a` plus `b` (or minus, with `sign` -1), figure by figure. */
const addCpu = (a: Cpu, b: Cpu, sign = 1): Cpu => ({
  serverMain: a.serverMain + sign * b.serverMain,
  serverOther: a.serverOther + sign * b.serverOther,
  client: a.client + sign * b.client,
  idle: a.idle + sign * b.idle,
  all: a.all + sign * b.all,
})

function row(label: string, t: Tally & { okPerSecond?: number }, peak: number) {
  const total =
    t.ok.length +
    t.shed +
    [...t.other].reduce((sum, [key, n]) => (key === 'waited for a connection' ? sum : sum + n), 0)
  const okPerSecond = t.okPerSecond ?? t.ok.length / t.seconds
  const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '—')
  return [
    label,
    t.offered ? `${Math.round(t.offered / openDuration)}` : '—',
    String(Math.round(total / t.seconds)),
    String(Math.round(okPerSecond)),
    peak ? `${Math.round((okPerSecond / peak) * 100)} %` : '—',
    total ? `${Math.round((t.shed / total) * 100)} %` : '—',
    `${ms(percentile(t.ok, 50))} / ${ms(percentile(t.ok, 99))} / ${ms(t.ok.reduce((a, b) => Math.max(a, b), -Infinity))}`,
    [...t.other].map(([k, n]) => `${k} × ${n}`).join(', ') || '0',
    ...cpuColumns(t.cpu, total),
    t.lag === undefined ? '—' : String(Math.round(t.lag)),
  ]
}

/**
 * The load generator's event-loop lag: how late it got to what it had to do (send on time, read
 * an answer as it came). A late generator counts its own wait in every answer's time, so a high
 * figure here says a slow p99 was partly the client's.
 */
function lagMeter() {
  const delays = monitorEventLoopDelay({ resolution: 10 })
  delays.enable()
  return () => {
    delays.disable()
    return Math.max(0, delays.percentile(99) / 1e6 - 10)
  }
}

/** The server's CPU µs a request (main thread / others), the load's, and the machine's idle share. */
function cpuColumns(cpu: Cpu | undefined, requests: number) {
  if (!cpu || !requests) return ['—', '—', '—']
  const perRequest = (ms: number) => ((ms * 1000) / requests).toFixed(0)
  return [
    `${perRequest(cpu.serverMain)} / ${perRequest(cpu.serverOther)}`,
    perRequest(cpu.client),
    `${Math.round((cpu.idle / cpu.all) * 100)} %`,
  ]
}

/**
 * A closed loop on `level.open` kept-alive connections, opened before it starts: `level.sending`
 * of them have a request out at once, and each answer sends the next request, for `warmup` +
 * `duration` seconds. When all send, each connection sends its next request as soon as its answer
 * arrives; when fewer do, the answered connection goes to the back of the idle ones and the one
 * idle longest sends: every connection in use, in turn, as a crowd of many clients each sending
 * now and then keeps its connections open. Answers to requests sent in the warm-up (all
 * connections sending at once, then the queue settling) are kept apart: only their slowest
 * admitted time is reported.
 */
async function closedLoop(target: Target, level: Pick<Level, 'open' | 'sending'>) {
  const { url, raw, pid: serverPid } = target
  const tally: Tally = { seconds: duration, ok: [], shed: 0, other: new Map() }
  const count = counter(tally)
  const all = await openConnections(url, level.open, count)
  let openingSlowest = 0
  const measuredFrom = performance.now() + warmup * 1000
  const endsAt = measuredFrom + duration * 1000
  // The connections waiting their turn, longest first (at `first`), when not all send at once.
  const idle: Connection[] = []
  let first = 0
  const next = (c: Connection) => {
    if (c.closed || performance.now() >= endsAt) return
    const sentAt = performance.now()
    c.send(raw, (status) => {
      const answeredAt = performance.now()
      openingSlowest = Math.max(
        openingSlowest,
        tallyAnswer(tally, measuredFrom, endsAt, sentAt, answeredAt, status),
      )
      if (level.sending === level.open) return next(c)
      idle.push(c)
      next(idle[first++]!)
      if (first > 4096) {
        idle.splice(0, first)
        first = 0
      }
    })
  }
  for (const [i, c] of all.entries()) {
    if (i < level.sending) next(c)
    else idle.push(c)
  }
  let cpuFrom: Cpu | undefined
  let lag: (() => number) | undefined
  const startMeter = setTimeout(() => {
    cpuFrom = cpuNow(serverPid)
    lag = lagMeter()
  }, measuredFrom - performance.now())
  await new Promise((r) => setTimeout(r, endsAt - performance.now()))
  clearTimeout(startMeter)
  tally.lag = lag?.()
  const cpuTo = cpuNow(serverPid)
  tally.cpu = cpuFrom && cpuTo ? addCpu(cpuTo, cpuFrom, -1) : undefined
  for (const c of all) c.close()
  return { tally, openingSlowest }
}

/** A level's rounds as one: counts and latencies together, 2xx/s the median of the rounds. */
function together(runs: Tally[]): Tally & { okPerSecond: number } {
  const other = new Map<string, number>()
  for (const t of runs) for (const [k, n] of t.other) other.set(k, (other.get(k) ?? 0) + n)
  return {
    seconds: runs.reduce((sum, t) => sum + t.seconds, 0),
    ok: runs.flatMap((t) => t.ok),
    shed: runs.reduce((sum, t) => sum + t.shed, 0),
    other,
    lag: runs.some((t) => t.lag !== undefined)
      ? Math.max(...runs.map((t) => t.lag ?? 0))
      : undefined,
    cpu: runs.every((t) => t.cpu)
      ? runs.map((t) => t.cpu!).reduce((sum, cpu) => addCpu(sum, cpu))
      : undefined,
    okPerSecond: percentile(
      runs.map((t) => t.ok.length / t.seconds),
      50,
    ),
  }
}

/** One kept-alive connection that sends a request and reads its answer, then the next. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0)
  private onAnswer: ((status: number, retryAfter: number) => void) | undefined
  busy = false
  constructor(
    private readonly socket: Socket,
    private readonly lost: () => void,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.read(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      if (this.busy) this.lost()
      this.busy = false
      this.closed = true
    })
  }
  closed = false

  send(raw: Buffer, onAnswer: (status: number, retryAfter: number) => void) {
    this.busy = true
    this.onAnswer = onAnswer
    this.socket.write(raw)
  }

  private read(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
    const end = this.buffer.indexOf('\r\n\r\n')
    if (end < 0) return
    const head = this.buffer.subarray(0, end).toString('latin1')
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
    if (this.buffer.length < end + 4 + length) return
    this.buffer = this.buffer.subarray(end + 4 + length)
    const status = Number(head.slice(9, 12))
    const retryAfter = Number(/\r\nretry-after: *(\d+)/i.exec(head)?.[1] ?? 1)
    this.busy = false
    this.onAnswer?.(status, retryAfter)
  }

  /** Closes it; a request still unanswered then is not counted lost. */
  close() {
    this.busy = false
    this.socket.destroy()
  }
}

/** Counts an answer or mishap that is neither 2xx nor 503 under `key`. */
const counter = (tally: Tally) => (key: string) =>
  tally.other.set(key, (tally.other.get(key) ?? 0) + 1)

/**
 * Counts an answer in `tally` when its request left after the warm-up (`measuredFrom`) and it
 * came before `endsAt`; returns its time when it was a warm-up request admitted (2xx), else 0.
 */
function tallyAnswer(
  tally: Tally,
  measuredFrom: number,
  endsAt: number,
  sentAt: number,
  answeredAt: number,
  status: number,
) {
  const ok = status >= 200 && status < 300
  if (sentAt < measuredFrom) return ok ? answeredAt - sentAt : 0
  if (answeredAt < endsAt) {
    if (ok) tally.ok.push(answeredAt - sentAt)
    else if (status === 503) tally.shed += 1
    else counter(tally)(String(status))
  }
  return 0
}

/** The member's `GET /api/notes` (or `path`, on the reference server), as raw HTTP/1.1 bytes. */
function notesRequest(url: string, token: string, path = '/api/notes') {
  const { host } = new URL(url)
  return Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
  )
}

/** The servers' metrics token: the bench reads why they shed. */
const METRICS_TOKEN = 'overload-bench-metrics'

/** The server's count of requests shed, by reason, from its metrics. */
async function shedByReason(url: string): Promise<Map<string, number>> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text()
  const found = new Map<string, number>()
  for (const [, reason, n] of text.matchAll(
    /^members_area_http_requests_shed_total\{reason="([^"]+)"\} (\d+)/gm,
  )) {
    found.set(reason!, Number(n))
  }
  return found
}

/** What was shed between two counts, by reason: "queue 1,234, database_wait 56". */
function describeShed(before: Map<string, number>, after: Map<string, number>) {
  const parts = [...after]
    .map(([reason, n]) => [reason, n - (before.get(reason) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${reason} ${n.toLocaleString('en')}`)
  return parts.length ? parts.join(', ') : 'nothing'
}

/** A server under load: where it listens, the request each connection sends, its process. */
interface Target {
  url: string
  raw: Buffer
  pid: number
}

/**
 * `count` kept-alive connections, opened a few at a time before any request, as clients that were
 * already there keep theirs: a storm of new ones would measure the kernel's accept queue, not the
 * server. Lost or refused ones are told to `count`.
 */
async function openConnections(url: string, count: number, tell: (what: string) => void) {
  const { hostname, port } = new URL(url)
  const all: Connection[] = []
  for (let i = 0; i < count; i += 50) {
    await Promise.all(
      Array.from(
        { length: Math.min(50, count - i) },
        () =>
          new Promise<void>((opened) => {
            const socket = connect(Number(port), hostname, () => {
              all.push(new Connection(socket, () => tell('connection lost')))
              opened()
            })
            socket.on('error', () => (tell('connect error'), opened()))
          }),
      ),
    )
  }
  return all
}

/**
 * Requests at `rate` a second whatever the answers (open loop, on 4,000 kept-alive connections
 * of raw HTTP/1.1, so the client is not what limits it), spread over clients that
 * each, told 503 with Retry-After, send nothing until it has passed plus a random part of it:
 * neither a request due meanwhile nor one that was waiting for a connection when the 503 came.
 * For `openWarmup` + `openDuration` seconds; as in a closed loop, what is counted is the requests
 * sent after the warm-up and answered before the end (the warm-up's slowest admitted answer is
 * returned apart), and the client's connections are free again when it returns. An answer's time
 * counts from when its request left; a request that first waited for one of the client's
 * connections is counted apart ("waited for a connection").
 */
async function openLoop(target: Target, rate: number) {
  const { url, raw, pid: serverPid } = target
  const tally: Tally = { seconds: openDuration, ok: [], shed: 0, other: new Map(), offered: 0 }
  const count = counter(tally)
  let heldBack = 0
  let waitingForConnection = 0
  let openingSlowest = 0
  const backoffUntil = new Float64Array(OPEN_LOOP_CLIENTS)
  const all = await openConnections(url, OPEN_LOOP_CONNECTIONS, count)
  const idle = [...all]
  // Requests waiting for a connection, oldest at `next`: tens of thousands of them once the
  // server holds requests it sheds, and an array's shift() copies what is left of a list that
  // long each time, which made this client too slow to read the answers on time.
  const backlog: ((() => void) | undefined)[] = []
  let next = 0
  const start = performance.now()
  const measuredFrom = start + openWarmup * 1000
  const endsAt = measuredFrom + openDuration * 1000
  const measured = (at: number) => at >= measuredFrom && at < endsAt
  const withConnection = (use: (c: Connection) => void) => {
    const free = idle.pop()
    if (free && !free.closed) return use(free)
    if (measured(performance.now())) waitingForConnection += 1
    backlog.push(() => withConnection(use))
  }
  /** A connection is free: the oldest requests waiting for one go out, in a loop, not nested. */
  let releasing = false
  const release = (c: Connection) => {
    idle.push(c)
    if (releasing) return
    releasing = true
    while (next < backlog.length && idle.length > 0) {
      const waiting = backlog[next]!
      backlog[next++] = undefined
      if (next > 4096 && next * 2 > backlog.length) {
        backlog.splice(0, next)
        next = 0
      }
      waiting()
    }
    releasing = false
  }
  let cpuFrom: Cpu | undefined
  let cpuTo: Cpu | undefined
  let lag: (() => number) | undefined
  let due = 0
  let pending = 0
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const now = performance.now()
      if (!cpuFrom && now >= measuredFrom) {
        cpuFrom = cpuNow(serverPid)
        lag = lagMeter()
      }
      if (now >= endsAt) {
        clearInterval(tick)
        cpuTo = cpuNow(serverPid)
        tally.lag = lag?.()
        // The requests still out are answered (or shed) before the next loop begins.
        const wait = setInterval(() => {
          if (pending === 0 || performance.now() - endsAt > 15_000) {
            clearInterval(wait)
            done()
          }
        }, 50)
        return
      }
      const target = Math.floor(((now - start) / 1000) * rate)
      for (; due < target; due++) {
        const counted = measured(now)
        if (counted) tally.offered! += 1
        const client = due % OPEN_LOOP_CLIENTS
        if (backoffUntil[client]! > now) {
          if (counted) heldBack += 1
          continue
        }
        pending += 1
        withConnection((c) => {
          // From when it leaves: a wait for one of the client's connections is the client's.
          const sentAt = performance.now()
          // Told to wait while this request waited for a connection: it waits too, unsent.
          if (backoffUntil[client]! > sentAt || sentAt >= endsAt) {
            if (measured(sentAt)) heldBack += 1
            pending -= 1
            release(c)
            return
          }
          c.send(raw, (status, retryAfter) => {
            pending -= 1
            const answeredAt = performance.now()
            openingSlowest = Math.max(
              openingSlowest,
              tallyAnswer(tally, measuredFrom, endsAt, sentAt, answeredAt, status),
            )
            if (status === 503) {
              const after = retryAfter * 1000
              backoffUntil[client] = answeredAt + after + Math.random() * after
            }
            release(c)
          })
        })
      }
    }, 2)
  })
  tally.cpu = cpuFrom && cpuTo ? addCpu(cpuTo, cpuFrom, -1) : undefined
  for (const c of all) c.close()
  tally.heldBack = heldBack
  if (waitingForConnection) tally.other.set('waited for a connection', waitingForConnection)
  return { tally, openingSlowest }
}

/**
 * Runs every level's rounds on each target, level by level and target by target within a
 * round (so a slower minute falls on all of them), then the open loop on the first target, at
 * `--open-rate` or twice the best level's median 2xx/s so far; returns each target's rows, and
 * what the open loops held back and the server shed meanwhile, by reason.
 */
async function loops(targets: (Target & { label: string })[]) {
  const runs = targets.map(() => new Map<string, Tally[]>(levels.map(({ key }) => [key, []])))
  const opening = targets.map(() => new Map<string, number>(levels.map(({ key }) => [key, 0])))
  const bestSoFar = () =>
    Math.max(...levels.map(({ key }) => together(runs[0]!.get(key)!).okPerSecond))
  const opens = targets.map((): Tally[] => [])
  const openingSlowest = targets.map(() => 0)
  const shed = new Map<string, number>()
  for (let round = 0; round < rounds; round++) {
    for (const level of levels) {
      for (const [i, target] of targets.entries()) {
        const { tally, openingSlowest } = await closedLoop(target, level)
        runs[i]!.get(level.key)!.push(tally)
        opening[i]!.set(level.key, Math.max(opening[i]!.get(level.key)!, openingSlowest))
      }
    }
    const rate = values['open-rate'] ? Number(values['open-rate']) : 2 * bestSoFar()
    for (const [i, target] of targets.entries()) {
      const before = i === 0 ? await shedByReason(target.url) : undefined
      const open = await openLoop(target, rate)
      if (before) {
        for (const [reason, n] of await shedByReason(target.url)) {
          shed.set(reason, (shed.get(reason) ?? 0) + n - (before.get(reason) ?? 0))
        }
      }
      opens[i]!.push(open.tally)
      openingSlowest[i] = Math.max(openingSlowest[i]!, open.openingSlowest)
    }
  }
  const rows = targets.map((target, i) => {
    const closed = levels.map((level) => [level, together(runs[i]!.get(level.key)!)] as const)
    // The best level's median 2xx/s, or half the open loop's rate when given instead.
    const peak = closed.length
      ? Math.max(...closed.map(([, t]) => t.okPerSecond))
      : Number(values['open-rate']) / 2
    const rows = closed.map(([{ key, open, sending }, t]) => [
      target.label,
      ...row(`closed, ${open} connections${sending < open ? `, ${sending} sending` : ''}`, t, peak),
      String(Math.round(opening[i]!.get(key)!)),
    ])
    const open = { ...together(opens[i]!), offered: 0, heldBack: 0 }
    for (const t of opens[i]!) {
      open.offered += t.offered! / opens[i]!.length
      open.heldBack += t.heldBack!
    }
    rows.push([
      target.label,
      ...row(`open, ${OPEN_LOOP_CLIENTS} clients honouring Retry-After`, open, peak),
      String(Math.round(openingSlowest[i]!)),
    ])
    return { rows, heldBack: open.heldBack }
  })
  return { rows, shed }
}

/**
 * The reference beside the embedded database: bare Fastify (tests/bench/bare-server.ts) sending
 * the member's notes list as it is, with nothing of the app around it, under the same levels in
 * the same rounds. How much of its own peak it keeps as the connections grow is what Node's HTTP
 * server and this machine's loopback allow any app here (the load generator shares the two cores):
 * the server's share of its peak reads against it. In the open loop it refuses nothing, so no
 * client backs off: all 4,000 connections stay busy.
 */
const REFERENCE_LABEL = 'bare Fastify, same list'

async function onDatabase(label: string, env: Record<string, string>, withReference = false) {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-overload-'))
  const server = await startProcess(
    'server/server.ts',
    {
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SMTP_URL: '',
      EARNINGS_SYNC_MINUTES: '0',
      REMINDER_MINUTES: '0',
      DATABASE_URL: '',
      METRICS_TOKEN,
      ...env,
    },
    '/api/health',
    undefined,
    [],
    serverDir,
  )
  const rows: string[][] = []
  let reference: Awaited<ReturnType<typeof startProcess>> | undefined
  try {
    const { token } = await signUp(server.url, 1)
    const targets = [
      { label, url: server.url, raw: notesRequest(server.url, token), pid: server.pid },
    ]
    if (withReference && levels.length) {
      const list = await fetch(`${server.url}/api/notes`, {
        headers: { authorization: `Bearer ${token}` },
      })
      reference = await startProcess(
        'tests/bench/bare-server.ts',
        { BARE_BODY: await list.text() },
        '/static',
      )
      const { url, pid } = reference
      targets.push({ label: REFERENCE_LABEL, url, raw: notesRequest(url, token, '/same'), pid })
    }
    // Warm: the code compiled, the member's notes in memory.
    for (const target of targets) await closedLoop(target, { open: 50, sending: 50 })
    const {
      rows: [ours, beside],
      shed,
    } = await loops(targets)
    rows.push(...ours!.rows)
    console.log(
      `${label}: the open loops held back ${ours!.heldBack} requests during Retry-After while ` +
        `measured; the server shed ${describeShed(new Map(), shed)} over the open loops, warm-ups included`,
    )
    if (beside) rows.push(...beside.rows)
  } finally {
    await reference?.stop()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return rows
}

console.log(
  `Overload: one member reading GET /api/notes, ${rounds} rounds of ${duration} s a level after ${warmup} s of warm-up, loopback${serverDir ? `, server from ${serverDir}` : ''}\n`,
)
const table = [
  [
    'database',
    'load',
    'offered/s',
    'requests/s',
    '2xx/s',
    'of peak',
    '503',
    'admitted p50 / p99 / slowest ms',
    'other',
    'server CPU µs a request: main / other threads',
    'load µs a request',
    'machine idle',
    "load's event-loop lag p99 ms",
    'first seconds: slowest ms',
  ],
]
await tableOfDatabases(table, values.only, [
  ['embedded', () => onDatabase('embedded', {}, true)],
  ['PostgreSQL', () => postgres(onDatabase)],
])
process.exit(0)
