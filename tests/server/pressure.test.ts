import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseUrl } from './database-url'
import { bearer, createTestApp, type TestApp } from './helpers'

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
    expect(shed.headers['retry-after']).toBe('2')
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
      expect(shed.headers['retry-after']).toBe('2')
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
      expect(shed.headers['retry-after']).toBe('2')
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

describe('requests in flight', () => {
  it('sheds what is beyond the most requests answered at once', async () => {
    const t = await createTestApp({ config: { maxInFlight: 2, requestTimeoutMs: 60_000 } })
    try {
      const m = await t.createMember()
      const token = await t.login(m.email, m.password)
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) }),
        ),
      )
      const codes = answers.map((r) => r.statusCode)
      expect(codes.filter((c) => c === 503).length).toBeGreaterThan(0)
      expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(2)
      const after = await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
      expect(after.statusCode).toBe(200)
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
