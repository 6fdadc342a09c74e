/**
 * API throughput: authenticated GET /api/auth/current and GET /api/notes (a member with 20 notes)
 * on the real server, once on the embedded database (as `npm start` runs it) and once on
 * PostgreSQL, next to bare Fastify answering static JSON, same connections, same duration, in one
 * run. Prints requests/s, p99 latency and the ratio to bare Fastify: to its tiny object, and for
 * the notes also to bare Fastify sending the very same list (the bytes on the wire are equal, so
 * that ratio is what the server's own work costs). Goal: ≥ 50 % of bare Fastify's requests/s
 * with p99 ≤ 20 ms.
 *
 *   npm run bench:api [-- --duration 10 --connections 20]
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api   (default the local `test` server; the run
 *   creates and drops a database of its own, and skips PostgreSQL when the server is unreachable)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'

import { scratchDatabase } from '../scratch-database'
import { printTable, startProcess, type Started } from './process'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
})
const duration = Math.max(1, Math.min(60, Number(values.duration)))
const connections = Math.max(1, Math.min(200, Number(values.connections)))
const pgServer = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const NOTES = 20
const GOAL = { ratio: 0.5, p99: 20 }

interface Figures {
  rps: number
  p99: number
  total: number
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // a short warm-up first, so JIT and connection set-up are not measured
  await autocannon({ url, connections, duration: 2, headers })
  const result = await autocannon({ url, connections, duration, headers })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total }
}

/** A member of its own with a handful of notes, so every target starts alike. */
async function seedMember(server: Started) {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      email: `bench-${Date.now()}@example.com`,
      password: 'Bench#password1',
    }),
  })
  const { token } = (await signup.json()) as { token: string }
  if (!token) throw new Error(`could not sign up: ${signup.status}`)
  for (let i = 0; i < NOTES; i++) {
    const res = await fetch(`${server.url}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Note ${i + 1}`,
        body: `Follow up on campaign ${i + 1}: check the hoplink, the bridge page and the numbers.`,
        pinned: i % 7 === 0,
      }),
    })
    if (res.status !== 201) throw new Error(`could not write a note: ${res.status}`)
  }
  return token
}

type Row = [target: string, figures: Figures]

/** Both reads on one real server; the server runs alone, so targets do not share the CPU. */
async function measureServer(
  label: string,
  env: Record<string, string>,
): Promise<{ rows: Row[]; notesBody: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-bench-'))
  const server = await startProcess(
    'server/server.ts',
    { DATA_DIR: dir, LOG_LEVEL: 'warn', REDIS_URL: '', ...env },
    '/api/health',
  )
  try {
    const token = await seedMember(server)
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' }
    const notesBody = await (await fetch(`${server.url}/api/notes`, { headers })).text()
    return {
      notesBody,
      rows: [
        [`GET /api/auth/current (${label})`, await load(`${server.url}/api/auth/current`, headers)],
        [
          `GET /api/notes, ${NOTES} notes (${label})`,
          await load(`${server.url}/api/notes`, headers),
        ],
      ],
    }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Rows, or why PostgreSQL was left out. */
async function measurePostgres(): Promise<Row[] | string> {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  try {
    scratch = await scratchDatabase(pgServer, 'members_area_bench_api')
  } catch (error) {
    const where = new URL(pgServer)
    where.password = ''
    return `PostgreSQL skipped: ${where.host} is unreachable (${(error as Error).message})`
  }
  try {
    const { rows } = await measureServer('PostgreSQL', {
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      EARNINGS_KEY: 'x7Pq0v2cJ5m9L1s4T8w3Y6b0N2r5K9d1F4h7Q0z3A6c=',
    })
    return rows
  } finally {
    await scratch.drop()
  }
}

console.log(`autocannon: ${connections} connections, ${duration} s per target, loopback\n`)
const embedded = await measureServer('embedded', { DATABASE_URL: '' })
const bare = await startProcess(
  'tests/bench/bare-server.ts',
  { BARE_BODY: embedded.notesBody },
  '/static',
)
let base: Figures, same: Figures
try {
  base = await load(`${bare.url}/static`)
  same = await load(`${bare.url}/same`)
} finally {
  await bare.stop()
}
const rows = embedded.rows
const onPostgres = await measurePostgres()
if (typeof onPostgres !== 'string') rows.push(...onPostgres)

const ratio = (f: Figures, of: Figures) => `${((f.rps / of.rps) * 100).toFixed(0)} %`
const goal = `goal ≥ ${GOAL.ratio * 100} %, p99 ≤ ${GOAL.p99} ms`
const table = [
  ['target', 'requests/s', 'p99 ms', 'requests', 'of bare', 'of bare, same body', goal],
  [
    'GET /static (bare Fastify)',
    base.rps.toFixed(0),
    String(base.p99),
    String(base.total),
    '',
    '',
    '',
  ],
  [
    `GET /same: the notes list (bare Fastify)`,
    same.rps.toFixed(0),
    String(same.p99),
    String(same.total),
    ratio(same, base),
    '',
    '',
  ],
  ...rows.map(([target, f]) => {
    const notes = target.startsWith('GET /api/notes')
    const against = notes ? same : base
    return [
      target,
      f.rps.toFixed(0),
      String(f.p99),
      String(f.total),
      ratio(f, base),
      notes ? ratio(f, same) : '',
      f.rps / against.rps >= GOAL.ratio && f.p99 <= GOAL.p99 ? 'met' : 'missed',
    ]
  }),
]
printTable(table)
console.log(
  '\nThe notes are judged against bare Fastify sending the same list: equal bytes on the wire.',
)
if (typeof onPostgres === 'string') console.log(`\n${onPostgres}`)
