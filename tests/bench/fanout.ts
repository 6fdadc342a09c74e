/**
 * Live notifications fanned out: 1,000 members with the live stream open (built instances on one
 * PostgreSQL and one Redis), all following one thread, and a reply written there.
 *
 * 1. All streams on one instance: how long until each stream has the reply's notification
 *    (p50/p95/max, and how many within 1 s and 3 s), and the instance's memory per idle stream
 *    (its resident memory with the streams open, less before, over their number).
 * 2. The same through the nginx of deploy/ in front of three instances (the streams spread over
 *    them; the reply written on one of them reaches the others through LISTEN/NOTIFY).
 * 3. Each instance restarted in turn while a reply comes every 300 ms: the streams of the
 *    stopping instance end, and reconnect through nginx with Last-Event-ID. Notifications lost
 *    (goal: none) and sent twice.
 *
 *   npm run bench:fanout [-- --members 1000]
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

import pg from 'pg'

import { TokenService } from '../../server/services/tokens'
import { Cluster, CLUSTER_JWT_SECRET, NGINX } from '../cluster'
import { scratchDatabase } from '../scratch-database'
import { percentile, printTable } from './process'

const { values } = parseArgs({ options: { members: { type: 'string', default: '1000' } } })
const memberCount = Math.max(10, Math.min(5000, Number(values.members)))
const pgServer = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379'
if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx')

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const say = (text: string) => console.log(`[fanout] ${text}`)

/** The resident memory of a process, in bytes. */
const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024

interface Received {
  id: number
  replyId: string | null
  at: number
}

/**
 * One member's live stream, as the app keeps it (src/lib/live-events.ts): read as it comes, and
 * opened again after it ends with the last id it had as Last-Event-ID, after a wait drawn at
 * random below 1 s, doubling after each failure up to 30 s.
 */
class Listener {
  readonly received: Received[] = []
  lastId: number | undefined
  hello = false
  upstream = ''
  reconnects = 0
  private controller = new AbortController()
  private stopped = false

  constructor(
    private readonly base: () => string,
    private readonly token: string,
  ) {}

  start() {
    void this.run()
  }

  private async run() {
    let delay = 1000
    while (!this.stopped) {
      try {
        const res = await fetch(`${this.base()}/api/notifications/stream`, {
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(this.lastId ? { 'last-event-id': String(this.lastId) } : {}),
          },
          signal: this.controller.signal,
        })
        if (res.ok && res.body) {
          this.upstream = res.headers.get('x-upstream') ?? ''
          let buffer = ''
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
          for (;;) {
            const { done, value: chunk } = await reader.read()
            if (done) break
            buffer += chunk
            let end
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              this.take(buffer.slice(0, end))
              buffer = buffer.slice(end + 2)
            }
          }
        }
      } catch {
        // dropped: opened again below
      }
      if (this.stopped) return
      this.reconnects++
      if (this.hello) delay = 1000
      this.hello = false
      await pause(Math.random() * delay)
      delay = Math.min(delay * 2, 30_000)
    }
  }

  private take(block: string) {
    const data = /^data: (.*)$/m.exec(block)?.[1]
    if (!data) return
    const event = JSON.parse(data) as {
      type: string
      notification?: { id: number; replyId: string | null }
    }
    if (event.type === 'hello') this.hello = true
    if (event.type !== 'notification' || !event.notification) return
    this.lastId = event.notification.id
    this.received.push({
      id: event.notification.id,
      replyId: event.notification.replyId,
      at: performance.now(),
    })
  }

  stop() {
    this.stopped = true
    this.controller.abort()
  }
}

const scratch = await scratchDatabase(pgServer, 'members_area_bench_fanout')
const cluster = new Cluster({ databaseUrl: scratch.url, redisUrl, instances: 3, entry: 'built' })
const db = new pg.Client({ connectionString: scratch.url })
try {
  await cluster.start()
  await db.connect()
  const admin = await cluster.adminToken()
  const api = async (base: string, method: string, path: string, body?: unknown) => {
    // The same key on every try: a reply that reached the server before its answer was lost
    // is not made twice.
    const key = randomUUID()
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch(() => undefined)
      if (res && res.status < 300) return (await res.json()) as { data: { id: string } }
      if (attempt > 60) throw new Error(`${method} ${path}: ${res?.status}`)
      await pause(250)
    }
  }
  const thread = await api(cluster.url, 'POST', '/community/posts', {
    category: 'announcements',
    title: 'Live fan-out',
    body: 'Every member follows this thread.',
  })
  const rows = await db.query<{ id: string }>(
    `insert into members (email, password_hash, first_name, last_name, areas)
     select 'fan' || g || '@bench.example', 'not-a-login', 'Fan' || g, 'Bench', array['training']
     from generate_series(1, $1::int) g returning id`,
    [memberCount],
  )
  await db.query(
    `insert into community_follows (member_id, post_id)
     select id, $1 from members where email like 'fan%@bench.example'`,
    [thread.data.id],
  )
  const tokens = new TokenService(CLUSTER_JWT_SECRET, Date.now)
  const tokenOf = await Promise.all(
    rows.rows.map((r) => tokens.sign({ sub: r.id, role: 'member', tv: 0 })),
  )
  say(`${memberCount} members follow the thread`)

  let replyNo = 0
  const reply = (base: string) =>
    api(base, 'POST', `/community/posts/${thread.data.id}/replies`, {
      body: `Reply ${++replyNo} to every follower`,
    })

  /** Opens every member's stream to `base`, and answers once each has said hello. */
  const connect = async (base: string) => {
    const listeners = tokenOf.map((token) => new Listener(() => base, token))
    for (const [i, listener] of listeners.entries()) {
      listener.start()
      if (i % 100 === 99) await pause(50)
    }
    const deadline = Date.now() + 60_000
    while (listeners.some((l) => !l.hello)) {
      if (Date.now() > deadline) throw new Error('not every stream opened')
      await pause(100)
    }
    return listeners
  }

  /** Writes one reply and times its notification's arrival on every stream. */
  const timeOne = async (listeners: Listener[], base: string) => {
    const sent = performance.now()
    const written = await reply(base)
    const deadline = Date.now() + 10_000
    const arrival = () =>
      listeners.map((l) => l.received.find((r) => r.replyId === written.data.id)?.at)
    while (arrival().some((at) => at === undefined) && Date.now() < deadline) await pause(20)
    const times = arrival().map((at) => (at === undefined ? Infinity : at - sent))
    const within = (ms: number) => times.filter((t) => t <= ms).length
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      within1s: within(1000),
      within3s: within(3000),
    }
  }

  const results: string[][] = [
    ['where', 'streams', 'p50 ms', 'p95 ms', 'max ms', 'within 1 s', 'within 3 s'],
  ]
  const row = (where: string, r: Awaited<ReturnType<typeof timeOne>>) =>
    results.push([
      where,
      String(memberCount),
      r.p50.toFixed(0),
      r.p95.toFixed(0),
      Number.isFinite(r.max) ? r.max.toFixed(0) : 'never',
      String(r.within1s),
      String(r.within3s),
    ])

  // 1. One instance.
  const one = cluster.instances[0]!
  const direct = `http://127.0.0.1:${one.port}`
  await pause(1000)
  const before = rss(one.process!.pid!)
  let listeners = await connect(direct)
  await pause(2000)
  const after = rss(one.process!.pid!)
  for (let i = 0; i < 3; i++) row(`one instance, reply ${i + 1}`, await timeOne(listeners, direct))
  for (const l of listeners) l.stop()
  const perStream = (after - before) / memberCount
  say(
    `one instance: ${(before / 2 ** 20).toFixed(0)} MiB before, ${(after / 2 ** 20).toFixed(0)} MiB with ${memberCount} streams open`,
  )
  await pause(2000)

  // 2. Three instances behind nginx.
  listeners = await connect(cluster.url)
  const spread = new Map<string, number>()
  for (const l of listeners) spread.set(l.upstream, (spread.get(l.upstream) ?? 0) + 1)
  say(`streams by instance: ${[...spread].map(([k, v]) => `${k} ${v}`).join(', ')}`)
  for (let i = 0; i < 3; i++)
    row(`3 behind nginx, reply ${i + 1}`, await timeOne(listeners, cluster.url))

  console.log(`\nLive fan-out: ${memberCount} members following one thread`)
  printTable(results)
  console.log(
    `\nMemory: ${(perStream / 1024).toFixed(1)} KiB of the instance's resident memory per open, idle stream`,
  )

  // 3. A rolling restart while replies keep coming.
  const acknowledged: string[] = []
  let unwritten = 0
  let writing = true
  const writer = (async () => {
    while (writing) {
      await reply(cluster.url).then(
        (written) => acknowledged.push(written.data.id),
        () => unwritten++,
      )
      await pause(300)
    }
  })()
  for (const instance of cluster.instances) {
    await cluster.stopInstance(instance, 'SIGTERM')
    await cluster.startInstance(instance)
    await pause(1500)
  }
  await pause(2000)
  writing = false
  await writer
  const deadline = Date.now() + 15_000
  const missingOf = (l: Listener) => {
    const got = new Set(l.received.map((r) => r.replyId))
    return acknowledged.filter((id) => !got.has(id)).length
  }
  while (listeners.some((l) => missingOf(l) > 0) && Date.now() < deadline) await pause(200)
  const lost = listeners.reduce((sum, l) => sum + missingOf(l), 0)
  const twice = listeners.reduce(
    (sum, l) => sum + (l.received.length - new Set(l.received.map((r) => r.id)).size),
    0,
  )
  const reconnects = listeners.reduce((sum, l) => sum + l.reconnects, 0)
  for (const l of listeners) l.stop()

  console.log(
    `Rolling restart of 3 instances: ${acknowledged.length} replies acknowledged to ${memberCount} followers, ` +
      `${reconnects} reconnections, ${unwritten} not written (the writer gave up); notifications lost: ${lost} (goal 0), sent twice: ${twice}`,
  )
} finally {
  await db.end().catch(() => undefined)
  await cluster.stop()
  await scratch.drop()
}
