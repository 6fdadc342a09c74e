import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { openDatabase, type Database } from '../../server/db/client'
import { listenerName } from '../../server/db/notifications'
import { members } from '../../server/db/schema'
import { MEMBER_CHANGED_CHANNEL } from '../../server/services/subject-cache'
import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'
import { demoteForTest, queryCounter, writeMemberOutside } from './fixtures'
import { bearer, createTestApp, type TestApp } from './helpers'

/** The queries that read the members table. */
const memberReads = (database: Database) => queryCounter(database, /from "members"/)

const get = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) })

const post = (t: TestApp, url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload })

const setAreas = (t: TestApp, adminToken: string, email: string, areas: string[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/updatePageAccess',
    headers: bearer(adminToken),
    payload: { email, areas },
  })

describe('token checks answered from memory, on one instance', () => {
  let t: TestApp
  let adminToken: string
  beforeAll(async () => {
    t = await createTestApp()
    const admin = await t.createMember({ role: 'admin' })
    adminToken = await t.login(admin.email, admin.password)
  })
  afterAll(() => t.close())

  /** A new member signed in, whose token `path` has just accepted. */
  async function signedIn(
    options: Parameters<TestApp['createMember']>[0] = {},
    path = '/api/auth/current',
  ) {
    const member = await t.createMember(options)
    const token = await t.login(member.email, member.password)
    expect((await get(t, path, token)).statusCode).toBe(200)
    return { member, token }
  }

  it('reads a member once, then answers repeated requests without the database', async () => {
    const member = await t.createMember()
    const token = await t.login(member.email, member.password)
    expect(t.app.services.subjects.live).toBe(true)
    const reads = memberReads(t.database)
    try {
      expect((await get(t, '/api/auth/current', token)).statusCode).toBe(200)
      expect(reads.count).toBe(1)
      for (let i = 0; i < 5; i++) {
        expect((await get(t, '/api/auth/current', token)).statusCode).toBe(200)
        expect((await get(t, '/api/notes', token)).statusCode).toBe(200)
      }
      expect(reads.count).toBe(1)
    } finally {
      reads.restore()
    }
  })

  it("checks a token's signature once, and its expiry on every use", async () => {
    const member = await t.createMember()
    const token = await t.login(member.email, member.password)
    const signatures = vi.spyOn(crypto.subtle, 'verify')
    try {
      for (let i = 0; i < 3; i++) {
        expect((await get(t, '/api/auth/current', token)).statusCode).toBe(200)
      }
      expect(signatures).toHaveBeenCalledTimes(1)
      const saved = t.clock.now
      t.clock.now += 3 * 24 * 60 * 60 * 1000
      try {
        expect((await get(t, '/api/auth/current', token)).statusCode).toBe(401)
      } finally {
        t.clock.now = saved
      }
    } finally {
      signatures.mockRestore()
    }
  })

  it('refuses a token right after logout', async () => {
    const { token } = await signedIn()
    expect((await post(t, '/api/auth/logout', token)).statusCode).toBe(200)
    expect((await get(t, '/api/auth/current', token)).statusCode).toBe(401)
  })

  it('forgets a member on its own write, not only when the notification comes back', async () => {
    const { token } = await signedIn()
    const muted = vi.spyOn(t.app.services.subjects, 'heard').mockImplementation(() => {})
    try {
      expect((await post(t, '/api/auth/logout', token)).statusCode).toBe(200)
      expect((await get(t, '/api/auth/current', token)).statusCode).toBe(401)
    } finally {
      muted.mockRestore()
    }
  })

  it('refuses the old token right after a password change, and takes the new one', async () => {
    const { member, token } = await signedIn()
    const res = await post(t, '/api/auth/change-password', token, {
      currentPassword: member.password,
      newPassword: 'A new and long password',
    })
    expect(res.statusCode).toBe(200)
    expect((await get(t, '/api/auth/current', token)).statusCode).toBe(401)
    expect((await get(t, '/api/auth/current', res.json().token)).statusCode).toBe(200)
  })

  it('refuses a token right after a password reset', async () => {
    const { member, token } = await signedIn()
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    })
    await t.app.services.tasks.drain()
    const link = new URL(t.mail.at(-1)!.link!).searchParams.get('token')!
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link, password: 'Reset to something new' },
    })
    expect(reset.statusCode).toBe(200)
    expect((await get(t, '/api/auth/current', token)).statusCode).toBe(401)
  })

  it('refuses a token right after an administrator deleted the member', async () => {
    const { member, token } = await signedIn()
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/deleteemail/${member.email}`,
      headers: bearer(adminToken),
    })
    expect(res.statusCode).toBe(200)
    expect((await get(t, '/api/auth/current', token)).statusCode).toBe(401)
  })

  it('applies an area change on the next request', async () => {
    const { member, token } = await signedIn({ areas: ['content'] }, '/api/content')
    expect((await setAreas(t, adminToken, member.email, [])).statusCode).toBe(200)
    expect((await get(t, '/api/content', token)).statusCode).toBe(403)
    expect((await setAreas(t, adminToken, member.email, ['content'])).statusCode).toBe(200)
    expect((await get(t, '/api/content', token)).statusCode).toBe(200)
  })

  it('applies a role change made outside the app (as the command line does) once it is heard of', async () => {
    const { member, token } = await signedIn({ role: 'admin' }, '/api/getmember')
    await demoteForTest(t, member.id)
    expect((await get(t, '/api/getmember', token)).statusCode).toBe(403)
    expect((await get(t, '/api/auth/current', token)).json()).toMatchObject({ role: 'member' })
  })

  it('shows two-step verification turned on outside the app once it is heard of', async () => {
    const member = await t.createMember()
    const token = await t.login(member.email, member.password)
    expect((await get(t, '/api/auth/current', token)).json().twoFactorEnabled).toBe(false)
    await writeMemberOutside(t, member.id, () =>
      t.database.db
        .update(members)
        .set({ totpSecret: 'JBSWY3DPEHPK3PXP' })
        .where(eq(members.id, member.id)),
    )
    expect((await get(t, '/api/auth/current', token)).json().twoFactorEnabled).toBe(true)
  })
})

const pgUrl = testDatabaseUrl()

describe.runIf(pgUrl)('two instances on one PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  const sql = (text: string) => scratch.sql(text)
  const listening = () =>
    `datname = '${scratch.name}' and application_name = '${listenerName(MEMBER_CHANGED_CHANNEL)}'`
  const listeners = async () =>
    Number((await sql(`select count(*) as n from pg_stat_activity where ${listening()}`)).rows[0].n)
  let a: TestApp
  let b: TestApp
  let databases: Database[] = []
  let adminToken: string

  beforeAll(async () => {
    scratch = await scratchDatabase(pgUrl!, 'members_area_cache')
    // Each instance has a pool and a listener of its own, as two server processes would.
    databases = [
      await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 4 }),
      await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 4 }),
    ]
    a = await createTestApp({ database: databases[0] })
    b = await createTestApp({ database: databases[1] })
    const root = await a.createMember({ role: 'admin' })
    adminToken = await a.login(root.email, root.password)
  })
  afterAll(async () => {
    if (!scratch) return
    await sql(`alter database ${scratch.name} allow_connections true`).catch(() => {})
    await Promise.all([a?.close(), b?.close()])
    await Promise.all(databases.map((database) => database.close()))
    await scratch.drop()
  })

  it('refuses on B, at the very next request, a token signed out through A', async () => {
    const member = await a.createMember()
    const token = await a.login(member.email, member.password)
    const reads = memberReads(b.database)
    try {
      expect((await get(b, '/api/auth/current', token)).statusCode).toBe(200)
      expect((await get(b, '/api/auth/current', token)).statusCode).toBe(200)
      expect(reads.count).toBe(1)
    } finally {
      reads.restore()
    }
    expect((await post(a, '/api/auth/logout', token)).statusCode).toBe(200)
    expect((await get(b, '/api/auth/current', token)).statusCode).toBe(401)
  })

  it('applies on B, at the very next request, an area change an administrator made on A', async () => {
    const member = await a.createMember({ areas: ['content'] })
    const token = await a.login(member.email, member.password)
    expect((await get(b, '/api/content', token)).statusCode).toBe(200)
    expect((await get(b, '/api/content', token)).statusCode).toBe(200)
    expect((await setAreas(a, adminToken, member.email, [])).statusCode).toBe(200)
    expect((await get(b, '/api/content', token)).statusCode).toBe(403)
    expect((await setAreas(a, adminToken, member.email, ['content'])).statusCode).toBe(200)
    expect((await get(b, '/api/content', token)).statusCode).toBe(200)
  })

  it('reads the database on every check while the listener is down, and keeps members again once it is back', async () => {
    const member = await a.createMember({ areas: ['content'] })
    const token = await a.login(member.email, member.password)
    expect((await get(b, '/api/content', token)).statusCode).toBe(200)
    // Connections already open stay; the listeners cannot come back until this is undone.
    await sql(`alter database ${scratch.name} allow_connections false`)
    await sql(`select pg_terminate_backend(pid) from pg_stat_activity where ${listening()}`)
    await vi.waitFor(() => expect(b.app.services.subjects.live).toBe(false), { interval: 5 })
    expect(b.app.services.subjects.size).toBe(0)

    const reads = memberReads(b.database)
    try {
      for (let i = 1; i <= 3; i++) {
        expect((await get(b, '/api/content', token)).statusCode).toBe(200)
        expect(reads.count).toBe(i)
      }
      // Nobody hears of this one: only reading the database shows it.
      await a.database.db.update(members).set({ areas: [] }).where(eq(members.id, member.id))
      expect((await get(b, '/api/content', token)).statusCode).toBe(403)

      await sql(`alter database ${scratch.name} allow_connections true`)
      await vi.waitFor(() => expect(b.app.services.subjects.live).toBe(true), {
        timeout: 15_000,
        interval: 20,
      })
      await vi.waitFor(() => expect(a.app.services.subjects.live).toBe(true), {
        timeout: 15_000,
        interval: 20,
      })
      const before = reads.count
      expect((await get(b, '/api/auth/current', token)).statusCode).toBe(200)
      expect((await get(b, '/api/auth/current', token)).statusCode).toBe(200)
      expect(reads.count).toBe(before + 1)
    } finally {
      reads.restore()
    }
    expect((await post(a, '/api/auth/logout', token)).statusCode).toBe(200)
    expect((await get(b, '/api/auth/current', token)).statusCode).toBe(401)
  })

  it('holds a revoking write up for a listener that never acknowledges, but not for long', async () => {
    const mute = new pg.Client({
      connectionString: scratch.url,
      application_name: listenerName(MEMBER_CHANGED_CHANNEL),
    })
    await mute.connect()
    try {
      await mute.query(`LISTEN ${MEMBER_CHANGED_CHANNEL}`)
      const member = await a.createMember()
      const token = await a.login(member.email, member.password)
      const started = performance.now()
      expect((await post(a, '/api/auth/logout', token)).statusCode).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(400)
      expect((await get(b, '/api/auth/current', token)).statusCode).toBe(401)
    } finally {
      await mute.end()
    }
  })

  it('closes each listener with its app', async () => {
    const c = await createTestApp({ database: databases[1] })
    expect(c.app.services.subjects.live).toBe(true)
    await vi.waitFor(async () => expect(await listeners()).toBe(3), { interval: 20 })
    await c.close()
    await vi.waitFor(async () => expect(await listeners()).toBe(2), { interval: 20 })
  })
})
