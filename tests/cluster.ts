import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomInt, randomUUID } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import pg from 'pg'

/**
 * Several server instances on one PostgreSQL and one Redis behind nginx, configured with the
 * operator's own site file (`deploy/members-area.conf`, only its ports changed), and a steady
 * mixed load of members that keeps count of every request and every acknowledged write. Used by
 * `npm run bench:cluster` and the PostgreSQL suite's rolling-restart test.
 */

const root = resolve(import.meta.dirname, '..')
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
const SITE = join(root, 'deploy', 'members-area.conf')
/** How long nginx leaves out an instance after a failure (the site file's fail_timeout). */
export const FAIL_TIMEOUT_MS =
  Number(/fail_timeout=(\d+)s/.exec(readFileSync(SITE, 'utf8'))?.[1] ?? 10) * 1000

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The instances' JWT_SECRET: a benchmark signs its members' tokens with it. */
export const CLUSTER_JWT_SECRET = 'cluster-secret-cluster-secret-cluster-secret'

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface Instance {
  port: number
  process: ChildProcess | undefined
}

export interface ClusterOptions {
  databaseUrl: string
  redisUrl: string
  instances: number
  /** `dist-server/server.js` (as deployed) or `server/server.ts` through tsx. */
  entry: 'built' | 'source'
  /** The app's build, for pages; none needed for the API. */
  staticDir?: string
}

export class Cluster {
  readonly instances: Instance[] = []
  readonly dir = mkdtempSync(join(tmpdir(), 'members-area-cluster-'))
  url = ''
  private nginx: ChildProcess | undefined
  private nginxPort = 0

  constructor(private readonly options: ClusterOptions) {
    // nginx's workers run as another user: they write their temporary files here.
    chmodSync(this.dir, 0o777)
  }

  async start() {
    for (let i = 0; i < this.options.instances; i++) {
      this.instances.push({ port: await freePort(), process: undefined })
    }
    // One at a time: the first applies the migrations, the others find them applied.
    for (const instance of this.instances) await this.startInstance(instance)
    this.nginxPort = await freePort()
    this.url = `http://127.0.0.1:${this.nginxPort}`
    this.writeNginxConfig(this.instances.length)
    this.nginx = spawn(NGINX!, ['-p', this.dir, '-c', join(this.dir, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    this.nginx.stderr?.on('data', (c) => (errors += c))
    for (let tries = 0; ; tries++) {
      if (this.nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}`)
      const ok = await fetch(`${this.url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      if (tries > 100) throw new Error(`nginx does not answer: ${errors}`)
      await pause(100)
    }
  }

  /** An administrator made with the operator's command line; answers a signed-in token. */
  async adminToken() {
    const email = `cluster-admin-${randomUUID().slice(0, 8)}@example.com`
    const password = 'Cluster#admin-password1'
    const entry =
      this.options.entry === 'built'
        ? [join(root, 'dist-server', 'cli.js')]
        : ['--import', 'tsx', join(root, 'server', 'cli.ts')]
    execFileSync(process.execPath, [...entry, 'create-admin', '--email', email], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: this.options.databaseUrl, ADMIN_PASSWORD: password },
      stdio: 'ignore',
    })
    const res = await fetch(`${this.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    const { token } = (await res.json()) as { token?: string }
    if (!token) throw new Error(`the administrator could not sign in: ${res.status}`)
    return token
  }

  /** Sends traffic to the first `count` instances only (nginx reloads its configuration). */
  async useInstances(count: number) {
    this.writeNginxConfig(count)
    execFileSync(NGINX!, ['-p', this.dir, '-c', join(this.dir, 'nginx.conf'), '-s', 'reload'])
    // Old workers finish what they hold; the new ones take new connections.
    await pause(1_000)
  }

  /** Starts (or starts again) one instance and waits until it is ready. */
  async startInstance(instance: Instance) {
    const entry =
      this.options.entry === 'built'
        ? [join(root, 'dist-server', 'server.js')]
        : ['--import', 'tsx', join(root, 'server', 'server.ts')]
    const child = spawn(process.execPath, entry, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATABASE_URL: this.options.databaseUrl,
        REDIS_URL: this.options.redisUrl,
        JWT_SECRET: CLUSTER_JWT_SECRET,
        EARNINGS_KEY: 'x7Pq0v2cJ5m9L1s4T8w3Y6b0N2r5K9d1F4h7Q0z3A6c=',
        TRUST_PROXY: 'true',
        STATIC_DIR: this.options.staticDir ?? join(this.dir, 'no-app'),
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        EARNINGS_SYNC_MINUTES: '0',
        SHUTDOWN_GRACE_SECONDS: '10',
        AI_REQUESTS_PER_HOUR: '100000',
        // A busy test machine must not shed requests for the machine's sake.
        MAX_EVENT_LOOP_DELAY_MS: '10000',
        MAX_QUEUE_MS: '15000',
        MAX_ADMIT_WAIT_MS: '15000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    child.stderr?.on('data', (c) => (errors += c))
    instance.process = child
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`an instance exited: ${errors}`)
      const ok = await fetch(`http://127.0.0.1:${instance.port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      if (Date.now() > deadline) throw new Error(`an instance is not ready: ${errors}`)
      await pause(50)
    }
  }

  /** Stops an instance with `signal` and waits for its process to end; answers how long it took. */
  async stopInstance(instance: Instance, signal: 'SIGTERM' | 'SIGKILL') {
    const child = instance.process!
    const started = performance.now()
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill(signal)
      await exited
    }
    instance.process = undefined
    return performance.now() - started
  }

  async stop() {
    for (const instance of this.instances) {
      if (instance.process) await this.stopInstance(instance, 'SIGTERM')
    }
    if (this.nginx && this.nginx.exitCode === null) {
      const exited = new Promise((r) => this.nginx!.once('exit', r))
      this.nginx.kill('SIGQUIT')
      await exited
    }
    rmSync(this.dir, { recursive: true, force: true })
  }

  /** The operator's site file with this cluster's ports, in a main configuration of its own. */
  private writeNginxConfig(count: number) {
    const addresses = this.instances.slice(0, count).map((i) => `127.0.0.1:${i.port}`)
    const site = readFileSync(SITE, 'utf8')
    let n = 0
    const servers = site.replace(/^(\s*)server 127\.0\.0\.1:\d+(.*)$/gm, (_, indent, rest) => {
      const address = addresses[n++]
      return address ? `${indent}server ${address}${rest}` : `${indent}# left out of this run`
    })
    if (n < count) throw new Error(`${SITE} lists ${n} instances, fewer than ${count}`)
    writeFileSync(
      join(this.dir, 'site.conf'),
      servers.replace(/listen \d+;/, `listen 127.0.0.1:${this.nginxPort};`),
    )
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${join(this.dir, 'nginx.pid')};`,
        `error_log ${join(this.dir, 'error.log')} error;`,
        'events { worker_connections 4096; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${join(this.dir, `${kind}-temp`)};`,
        ),
        `  include ${join(this.dir, 'site.conf')};`,
        '}',
        '',
      ].join('\n'),
    )
  }
}

/** A member of the load: a token, and the notes acknowledged to them (by title). */
interface LoadMember {
  token: string
  acknowledged: string[]
}

export interface LoadTally {
  /** Requests answered as asked (2xx, or a refusal the request expected). */
  ok: number
  /** 503s with Retry-After the member retried (allowed). */
  retried: number
  /** Anything else: network errors, 502/504, 5xx without Retry-After, a stream cut short. */
  failed: number
  failures: string[]
  /** Answers by the instance that answered them (nginx's X-Upstream, last address). */
  byInstance: Map<string, number>
  /** When each answer came whose X-Upstream lists more than one address (nginx tried on). */
  retriedOn: { at: number; upstream: string }[]
  writes: number
  streams: number
}

/**
 * Members reading their notes and session, writing notes with Idempotency-Keys (retried with
 * the same key after a 503, a 409 for a key still running, or a lost connection) and now and
 * then a streamed AI answer, until `stop` is called.
 */
const emptyTally = (): LoadTally => ({
  ok: 0,
  retried: 0,
  failed: 0,
  failures: [],
  byInstance: new Map(),
  retriedOn: [],
  writes: 0,
  streams: 0,
})

export class Load {
  readonly tally = emptyTally()
  private running = false
  private loops: Promise<void>[] = []
  private readonly members: LoadMember[] = []
  /** A prefix for this run's note titles. */
  readonly runId = `cluster-${randomUUID().slice(0, 8)}`

  constructor(private readonly url: string) {}

  /**
   * Signs up `count` members (each from an address of its own, as rate limits count them); an
   * administrator opens the AI tools to them.
   */
  async addMembers(count: number, adminToken: string) {
    const json = { 'content-type': 'application/json' }
    for (let i = 0; i < count; i++) {
      const email = `${this.runId}-${i}@example.com`
      const password = 'Cluster#password1'
      const forwardedFor = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
      const signup = await fetch(`${this.url}/api/auth/signup`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ firstName: `Cluster ${i}`, email, password }),
      })
      if (!signup.ok) throw new Error(`could not sign up a member: ${signup.status}`)
      const access = await fetch(`${this.url}/api/updatePageAccess`, {
        method: 'PUT',
        headers: { ...json, authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          email,
          areas: ['training', 'bonus', 'content', 'viralLeads', 'aiTools'],
        }),
      })
      if (!access.ok) throw new Error(`could not open the AI tools: ${access.status}`)
      const login = await fetch(`${this.url}/api/auth/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, password }),
      })
      const { token } = (await login.json()) as { token?: string }
      if (!token) throw new Error(`a member could not sign in: ${login.status}`)
      this.members.push({ token, acknowledged: [] })
    }
  }

  /** Resets the counts (not the acknowledged writes). */
  resetTally() {
    Object.assign(this.tally, emptyTally())
  }

  start(loopsPerMember = 2) {
    this.running = true
    this.loops = this.members.flatMap((member, m) =>
      Array.from({ length: loopsPerMember }, (_, l) => this.loop(member, m * loopsPerMember + l)),
    )
  }

  async stop() {
    this.running = false
    await Promise.all(this.loops)
  }

  get acknowledged() {
    return this.members.flatMap((m) => m.acknowledged)
  }

  private async loop(member: LoadMember, n: number) {
    for (let i = 0; this.running; i++) {
      await this.send(member, 'GET', '/api/notes')
      await this.send(member, 'GET', '/api/auth/current')
      // A member keeps at most 500 notes: the load stays under that.
      if (i % 6 === n % 6 && member.acknowledged.length < 450) {
        await this.write(member, `${this.runId}-${n}-${i}`)
      }
      if (i % 40 === 39) await this.stream(member)
    }
  }

  private note(res: Response) {
    const upstream = res.headers.get('x-upstream') ?? ''
    const last = upstream.split(',').at(-1)!.trim()
    this.tally.byInstance.set(last, (this.tally.byInstance.get(last) ?? 0) + 1)
    if (upstream.includes(',')) this.tally.retriedOn.push({ at: performance.now(), upstream })
  }

  private fail(what: string) {
    this.tally.failed += 1
    const line = what
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160)
    if (this.tally.failures.length < 20) this.tally.failures.push(line)
  }

  /** One request, retried after a 503 with Retry-After (a short wait here, to keep load on). */
  private async send(
    member: LoadMember,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response | undefined> {
    for (let attempt = 0; attempt < 50; attempt++) {
      let res: Response
      try {
        res = await fetch(`${this.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${member.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(15_000),
        })
      } catch (error) {
        this.fail(`${method} ${path}: ${(error as Error).message}`)
        return undefined
      }
      this.note(res)
      if (res.status === 503 && res.headers.get('retry-after')) {
        this.tally.retried += 1
        await res.body?.cancel()
        await pause(100)
        continue
      }
      if (res.status >= 500) {
        this.fail(`${method} ${path}: ${res.status} ${await res.text()}`)
        return undefined
      }
      this.tally.ok += 1
      return res
    }
    this.fail(`${method} ${path}: still 503 after 50 tries`)
    return undefined
  }

  /** A note made once, whatever happens on the way: the same Idempotency-Key on every try. */
  private async write(member: LoadMember, title: string) {
    const key = randomUUID()
    for (let attempt = 0; attempt < 20 && this.running; attempt++) {
      const res = await this.send(
        member,
        'POST',
        '/api/notes',
        { title, body: 'Written under a steady load' },
        { 'idempotency-key': key },
      )
      if (res?.status === 409) {
        // The first request with this key is still running somewhere: ask again shortly.
        await res.body?.cancel()
        await pause(100)
        continue
      }
      if (res && res.status === 201) {
        await res.body?.cancel()
        member.acknowledged.push(title)
        this.tally.writes += 1
        return
      }
      if (res) {
        this.fail(`POST /api/notes: ${res.status} ${await res.text()}`)
        return
      }
      await pause(100)
    }
  }

  /** A streamed answer from the template writer, read to its end event. */
  private async stream(member: LoadMember) {
    const res = await this.send(
      member,
      'POST',
      '/api/ai/write',
      { tool: 'generator', prompt: 'A short welcome e-mail for new subscribers', variants: 1 },
      { 'idempotency-key': randomUUID() },
    )
    if (!res) return
    const text = await res.text().catch((error: Error) => `error: ${error.message}`)
    const events = text.split('\n\n').filter((e) => e.startsWith('data: '))
    const end = events.length
      ? (JSON.parse(events.at(-1)!.slice(6)) as { type?: string; status?: string })
      : {}
    if (end.type === 'end' && end.status === 'done') this.tally.streams += 1
    else this.fail(`stream ended ${JSON.stringify(end)}`)
  }
}

/** Acknowledged notes missing from the database, and notes made more than once, by title. */
export async function checkWrites(databaseUrl: string, load: Load) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ title: string; n: string }>(
      'select title, count(*) as n from notes where title like $1 group by title',
      [`${load.runId}-%`],
    )
    const found = new Map(rows.map((r) => [r.title, Number(r.n)]))
    return {
      acknowledged: load.acknowledged.length,
      lost: load.acknowledged.filter((title) => !found.has(title)).length,
      twice: rows.filter((r) => Number(r.n) > 1).length,
    }
  } finally {
    await client.end()
  }
}
