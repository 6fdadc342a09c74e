/**
 * API throughput: authenticated GET /api/auth/current on the real server (embedded database,
 * as `npm start` runs it) against bare Fastify answering one static JSON route, same connections,
 * same duration, in one run. Prints requests/s, p99 latency and the ratio.
 *
 *   npm run bench:api [-- --duration 10 --connections 20]
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api   (the real server on PostgreSQL)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'
import pg from 'pg'

import { startProcess } from './process'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
})
const duration = Math.min(60, Number(values.duration))
const connections = Math.min(200, Number(values.connections))

async function load(url: string, headers: Record<string, string> = {}) {
  // a short warm-up first, so JIT and connection set-up are not measured
  await autocannon({ url, connections, duration: 2, headers })
  const result = await autocannon({ url, connections, duration, headers })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total }
}

const dir = mkdtempSync(join(tmpdir(), 'members-area-bench-'))
// On PostgreSQL the run gets a database of its own, dropped at the end.
const pgServer = process.env.BENCH_DATABASE_URL
const pgName = `members_area_bench_api_${process.pid}`
let databaseUrl = ''
if (pgServer) {
  const admin = new pg.Client({ connectionString: pgServer })
  await admin.connect()
  await admin.query(`create database ${pgName}`)
  await admin.end()
  const url = new URL(pgServer)
  url.pathname = `/${pgName}`
  databaseUrl = url.toString()
}
const real = await startProcess(
  'server/server.ts',
  {
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: databaseUrl ? 'bench-secret-bench-secret-bench-secret' : '',
    EARNINGS_KEY: databaseUrl ? 'x7Pq0v2cJ5m9L1s4T8w3Y6b0N2r5K9d1F4h7Q0z3A6c=' : '',
    REDIS_URL: '',
  },
  '/api/health',
)
const bare = await startProcess('tests/bench/bare-server.ts', {}, '/static')
try {
  // A member of its own, so the same run works on the embedded database and on PostgreSQL.
  const signup = await fetch(`${real.url}/api/auth/signup`, {
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

  console.log(`autocannon: ${connections} connections, ${duration} s per target, loopback\n`)
  const api = await load(`${real.url}/api/auth/current`, {
    authorization: `Bearer ${token}`,
    role: 'member',
    accept: 'application/json',
  })
  const base = await load(`${bare.url}/static`)
  const rows = [
    ['target', 'requests/s', 'p99 ms', 'requests'],
    [
      'GET /api/auth/current (real server, token check + DB)',
      api.rps.toFixed(0),
      String(api.p99),
      String(api.total),
    ],
    ['GET /static (bare Fastify)', base.rps.toFixed(0), String(base.p99), String(base.total)],
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
  console.log(
    `\nratio real/bare: throughput ${(api.rps / base.rps).toFixed(2)}, p99 ${(api.p99 / Math.max(base.p99, 1)).toFixed(2)}x`,
  )
} finally {
  await Promise.all([real.stop(), bare.stop()])
  rmSync(dir, { recursive: true, force: true })
  if (pgServer) {
    const admin = new pg.Client({ connectionString: pgServer })
    await admin.connect()
    await admin.query(`drop database if exists ${pgName} with (force)`)
    await admin.end()
  }
}
