import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseUrl } from './database-url'
import { bearer, createTestApp, freshDatabase, type TestApp } from './helpers'

const METRICS_TOKEN = 'pressure-metrics-token-0123456789abcdef'

/** Keeps the event loop busy for `ms`, as a burst of work would. */
const block = (ms: number) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    // busy
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('load shedding', () => {
  let t: TestApp
  let token: string
  const notes = () => t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
  beforeAll(async () => {
    t = await createTestApp({ config: { maxEventLoopDelayMs: 200, requestTimeoutMs: 60_000 } })
    const m = await t.createMember()
    await pause(300) // opening the database kept the loop busy: let the meter settle
    token = await t.login(m.email, m.password)
  })
  afterAll(() => t.close())

  it('serves on after one slow tick of the event loop', async () => {
    block(500)
    await pause(5) // the meter's late tick runs first
    expect((await notes()).statusCode).toBe(200)
  })

  it('answers 503 with Retry-After at once while the event loop keeps lagging, and serves again after', async () => {
    await pause(300) // on-time ticks: the earlier slow one is forgotten
    for (let tick = 0; tick < 3; tick++) {
      block(500)
      await pause(5)
    }
    const started = Date.now()
    const shed = await notes()
    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe('1')
    expect(shed.json()).toEqual({ message: 'The server is busy right now. Try again in a moment.' })
    expect(Date.now() - started).toBeLessThan(1000)
    let res = shed
    for (let i = 0; i < 30 && res.statusCode === 503; i++) {
      await pause(100)
      res = await notes()
    }
    expect(res.statusCode).toBe(200)
  })
})

describe.skipIf(testDatabaseUrl())('load shedding on the embedded database', () => {
  it('answers 503 at once while a query has waited too long for the database thread', async () => {
    const t = await createTestApp({ config: { requestTimeoutMs: 60_000, maxDatabaseWaitMs: 250 } })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password)
      const notes = () => t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      // One connection: what comes after this statement waits for it.
      const sleeper = t.database.db.execute(sql`select pg_sleep(0.8)`).then(() => undefined)
      // A page's few queries waiting behind it are no overload, however long they wait: a
      // request that comes meanwhile waits its turn and is answered.
      await pause(100)
      const query = () => t.database.db.execute(sql`select 1`).then(() => undefined)
      const page = Array.from({ length: 6 }, query)
      await pause(300)
      const served = notes()
      await pause(30) // taken in, and waiting for the database
      // Twenty waiting, the oldest for longer than allowed: the next request is shed at once.
      const more = Array.from({ length: 14 }, query)
      const shed = await notes()
      expect(shed.statusCode).toBe(503)
      expect(shed.headers['retry-after']).toBe('1')
      await Promise.all([...page, ...more])
      expect((await served).statusCode).toBe(200)
      await sleeper
      expect((await notes()).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})

describe.runIf(testDatabaseUrl())('load shedding on PostgreSQL', () => {
  it('answers 503 at once while a query has waited too long for a connection', async () => {
    const t = await createTestApp({ config: { requestTimeoutMs: 60_000, maxDatabaseWaitMs: 250 } })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password)
      // The test pool holds 4 connections: 4 sleep and 2 more wait behind them.
      const sleepers = Array.from({ length: 6 }, () =>
        t.database.db.execute(sql`select pg_sleep(0.6)`).then(() => undefined),
      )
      // A short wait is no overload: this one is answered once a connection is free.
      await pause(100)
      const queued = t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      await pause(300)
      const shed = await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      expect(shed.statusCode).toBe(503)
      expect(shed.headers['retry-after']).toBe('1')
      expect((await queued).statusCode).toBe(200)
      await Promise.all(sleepers)
      const served = await t.app.inject({
        method: 'GET',
        url: '/api/notes',
        headers: bearer(token),
      })
      expect(served.statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})

describe.runIf(testDatabaseUrl())('a running request on PostgreSQL', () => {
  it('is answered 503 with Retry-After once its query has waited its limit for a connection', async () => {
    // Arrivals are never shed here: the bound on the pool's wait is what answers.
    const t = await createTestApp({
      database: await freshDatabase(400),
      config: { requestTimeoutMs: 60_000, metricsToken: METRICS_TOKEN },
    })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password)
      const query = (statement: SQL) => t.database.db.execute(statement).then(() => undefined)
      // The pool's 4 connections open first, so the sleepers below take them at once.
      await Promise.all(Array.from({ length: 4 }, () => query(sql`select 1`)))
      const sleepers = Array.from({ length: 4 }, () => query(sql`select pg_sleep(1.5)`))
      await pause(50)
      const res = await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('1')
      expect(res.json()).toEqual({
        message: 'The server is busy right now. Try again in a moment.',
      })
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
      expect(metrics.body).toMatch(
        /members_area_http_requests_shed_total\{reason="database_wait"\} 1\b/,
      )
      await Promise.all(sleepers)
      const served = await t.app.inject({
        method: 'GET',
        url: '/api/notes',
        headers: bearer(token),
      })
      expect(served.statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})

describe('admission', () => {
  const burst = (t: TestApp, token: string, n = 12) =>
    Promise.all(
      Array.from({ length: n }, () =>
        t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) }),
      ),
    )

  it('queues what is beyond the requests run at once, and answers every one', async () => {
    const t = await createTestApp({ config: { concurrency: { initial: 2, min: 2, max: 2 } } })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password)
      const codes = (await burst(t, token)).map((r) => r.statusCode)
      expect(codes).toEqual(Array(12).fill(200))
    } finally {
      await t.close()
    }
  })

  it('sheds with 503 and Retry-After what has waited its longest, and serves again after', async () => {
    const t = await createTestApp({
      config: { concurrency: { initial: 2, min: 2, max: 2 }, maxQueueMs: 0 },
    })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password)
      const answers = await burst(t, token)
      const shed = answers.filter((r) => r.statusCode === 503)
      expect(shed.length).toBeGreaterThan(0)
      expect(shed[0]!.headers['retry-after']).toBe('1')
      expect(shed[0]!.json()).toEqual({
        message: 'The server is busy right now. Try again in a moment.',
      })
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(2)
      const after = await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      expect(after.statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('a sign-in held for its account’s sake gives its place to the next request', async () => {
    const t = await createTestApp({
      config: {
        concurrency: { initial: 1, min: 1, max: 1 },
        signInDelayMs: 2000,
        metricsToken: METRICS_TOKEN,
      },
      rateLimits: { loginFailuresPerAccount: { points: 1, durationSeconds: 3600 } },
    })
    try {
      const reader = await t.createMember()
      const token = await t.login(reader.email, reader.password)
      const held = await t.createMember()
      const attempt = (password: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: held.email, password },
          remoteAddress: ip,
        })
      expect((await attempt('wrong', '10.9.0.1')).statusCode).toBe(401)
      // From a new address, after a failure: held for 2 s.
      let signedIn = false
      const signIn = attempt(held.password, '10.9.0.2').then((res) => {
        signedIn = true
        return res
      })
      const holds = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
        return /^members_area_sign_in_holds_total 1$/m.test(res.body)
      }
      await expect.poll(holds).toBe(true)
      // With one request at a time, these are answered while the sign-in is still held.
      const read = await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      expect(read.statusCode).toBe(200)
      expect(signedIn).toBe(false)
      expect((await signIn).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})

describe('request timeout', () => {
  it('answers 503 when a request is not answered in time', async () => {
    const t = await createTestApp({ config: { requestTimeoutMs: 1 } })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password).catch(() => null)
      // Signing in hashes a password (tens of milliseconds): over a 1 ms budget.
      expect(token).toBeNull()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: m.email, password: m.password },
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toBe('The server took too long to answer. Try again in a moment.')
    } finally {
      await t.close()
    }
  })
})
