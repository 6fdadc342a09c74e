import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { openDatabase, type Database } from '../../server/db/client'
import { listenerName } from '../../server/db/notifications'
import { notes } from '../../server/db/schema'
import { NOTES_CHANGED_CHANNEL } from '../../server/services/note-lists'
import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'
import { queryCounter } from './fixtures'
import { bearer, createTestApp, freshDatabase, type TestApp } from './helpers'

/** The queries that read the notes table. */
const noteReads = (database: Database) => queryCounter(database, /^select .* from "notes"/s)

const titles = async (t: TestApp, token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return res.json<{ data: { id: string; title: string }[] }>().data.map((note) => note.title)
}

const write = async (
  t: TestApp,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), payload })
  expect(res.statusCode).toBeLessThan(300)
  return res.json<{ data: { id: string } }>().data.id
}

/** A new member on `t`, signed in, with the notes given (oldest first). */
async function memberWithNotes(t: TestApp, ...names: string[]) {
  const member = await t.createMember()
  const token = await t.login(member.email, member.password)
  for (const title of names) await write(t, token, 'POST', '/api/notes', { title })
  return { member, token }
}

describe('note lists answered from memory, on one instance', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('reads a list once, then answers repeated requests without the database', async () => {
    const { token } = await memberWithNotes(t, 'first', 'second')
    expect(t.app.services.noteLists.live).toBe(true)
    const reads = noteReads(t.database)
    try {
      for (let i = 0; i < 5; i++) expect(await titles(t, token)).toEqual(['second', 'first'])
      expect(reads.count).toBe(1)
    } finally {
      reads.restore()
    }
  })

  it("keeps each member's list apart", async () => {
    const maya = await memberWithNotes(t, 'maya')
    const milo = await memberWithNotes(t, 'milo')
    expect(await titles(t, maya.token)).toEqual(['maya'])
    expect(await titles(t, milo.token)).toEqual(['milo'])
    await write(t, milo.token, 'POST', '/api/notes', { title: 'milo 2' })
    expect(await titles(t, maya.token)).toEqual(['maya'])
    expect(await titles(t, milo.token)).toEqual(['milo 2', 'milo'])
  })

  it('shows its own writes at once, without waiting for the notification', async () => {
    const { token } = await memberWithNotes(t, 'kept')
    expect(await titles(t, token)).toEqual(['kept'])
    const muted = vi.spyOn(t.app.services.noteLists, 'heard').mockImplementation(() => {})
    try {
      const id = await write(t, token, 'POST', '/api/notes', { title: 'added' })
      expect(await titles(t, token)).toEqual(['added', 'kept'])
      await write(t, token, 'PUT', `/api/notes/${id}`, { title: 'renamed' })
      expect(await titles(t, token)).toEqual(['renamed', 'kept'])
      await write(t, token, 'DELETE', `/api/notes/${id}`)
      expect(await titles(t, token)).toEqual(['kept'])
    } finally {
      muted.mockRestore()
    }
  })

  it('answers a write that finds no note at once, and keeps the list right', async () => {
    const { token } = await memberWithNotes(t, 'mine')
    const missing = '00000000-0000-4000-8000-000000000000'
    const started = performance.now()
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/notes/${missing}`,
      headers: bearer(token),
      payload: { title: 'nobody' },
    })
    expect(res.statusCode).toBe(404)
    // No row changed, so no notification comes: nothing to wait for.
    expect(performance.now() - started).toBeLessThan(400)
    expect(await titles(t, token)).toEqual(['mine'])
  })

  it('reads the database on every request while changes are not heard of', async () => {
    const { token } = await memberWithNotes(t, 'one')
    const cache = t.app.services.noteLists
    cache.setLive(false)
    const reads = noteReads(t.database)
    try {
      for (let i = 1; i <= 3; i++) {
        expect(await titles(t, token)).toEqual(['one'])
        expect(reads.count).toBe(i)
      }
      expect(cache.size).toBe(0)
    } finally {
      reads.restore()
      cache.setLive(true)
    }
  })
})

/** Two app instances on one database, as two server processes would be. */
async function twoInstances() {
  const url = testDatabaseUrl()
  if (!url) {
    // One embedded database serves one process: both apps share it, and each listens on its own.
    const database = await freshDatabase()
    const a = await createTestApp({ database })
    const b = await createTestApp({ database })
    const close = async () => {
      await Promise.all([a.close(), b.close()])
      await database.close()
    }
    return { a, b, close, listenersDown: undefined, muteListener: undefined }
  }
  const { name, url: target, sql, drop } = await scratchDatabase(url, 'members_area_notes')
  // Each instance has a pool and a listener of its own.
  const databases = [
    await openDatabase({ driver: 'postgres', url: target, poolSize: 4 }),
    await openDatabase({ driver: 'postgres', url: target, poolSize: 4 }),
  ]
  const a = await createTestApp({ database: databases[0] })
  const b = await createTestApp({ database: databases[1] })
  const listening = `datname = '${name}' and application_name = '${listenerName(NOTES_CHANGED_CHANNEL)}'`
  return {
    a,
    b,
    close: async () => {
      await sql(`alter database ${name} allow_connections true`)
      await Promise.all([a.close(), b.close()])
      await Promise.all(databases.map((database) => database.close()))
      await drop()
    },
    /** One more listener, which never acknowledges a notification, until the function returned. */
    muteListener: async () => {
      const mute = new pg.Client({
        connectionString: target,
        application_name: listenerName(NOTES_CHANGED_CHANNEL),
      })
      await mute.connect()
      await mute.query(`LISTEN ${NOTES_CHANGED_CHANNEL}`)
      return () => mute.end()
    },
    /** Cuts the note listeners off until the returned function lets them back. */
    listenersDown: async () => {
      await sql(`alter database ${name} allow_connections false`)
      await sql(`select pg_terminate_backend(pid) from pg_stat_activity where ${listening}`)
      return () => sql(`alter database ${name} allow_connections true`)
    },
  }
}

describe('two instances on one database', () => {
  let a: TestApp
  let b: TestApp
  let setup: Awaited<ReturnType<typeof twoInstances>>
  beforeAll(async () => {
    setup = await twoInstances()
    ;({ a, b } = setup)
  })
  afterAll(() => setup?.close())

  it('shows on B, at the very next request, a note written, edited and deleted through A', async () => {
    const { token } = await memberWithNotes(a, 'first')
    const reads = noteReads(b.database)
    try {
      expect(await titles(b, token)).toEqual(['first'])
      expect(await titles(b, token)).toEqual(['first'])
      expect(reads.count).toBe(1)
    } finally {
      reads.restore()
    }
    const id = await write(a, token, 'POST', '/api/notes', { title: 'written on A' })
    expect(await titles(b, token)).toEqual(['written on A', 'first'])
    await write(a, token, 'PUT', `/api/notes/${id}`, { title: 'edited on A' })
    expect(await titles(b, token)).toEqual(['edited on A', 'first'])
    await write(a, token, 'DELETE', `/api/notes/${id}`)
    expect(await titles(b, token)).toEqual(['first'])
  })

  it('shows on both a change written past the app, once the database announced it', async () => {
    const { member, token } = await memberWithNotes(a, 'listed')
    expect(await titles(a, token)).toEqual(['listed'])
    expect(await titles(b, token)).toEqual(['listed'])
    await a.database.db.insert(notes).values({ memberId: member.id, title: 'imported' })
    await a.database.heardEverywhere(NOTES_CHANGED_CHANNEL, member.id)
    expect(await titles(a, token)).toEqual(['imported', 'listed'])
    expect(await titles(b, token)).toEqual(['imported', 'listed'])
  })

  it.runIf(testDatabaseUrl())(
    'holds a write through A up until every listening instance has taken it in',
    async () => {
      const { token } = await memberWithNotes(a)
      const unmute = await setup.muteListener!()
      try {
        const started = performance.now()
        await write(a, token, 'POST', '/api/notes', { title: 'waited for' })
        expect(performance.now() - started).toBeGreaterThanOrEqual(400)
        expect(await titles(b, token)).toEqual(['waited for'])
      } finally {
        await unmute()
      }
    },
  )

  it.runIf(testDatabaseUrl())(
    'reads the database on every request while the listener is down, and keeps lists again once it is back',
    async () => {
      const { token } = await memberWithNotes(a, 'steady')
      expect(await titles(b, token)).toEqual(['steady'])
      const letBack = await setup.listenersDown!()
      try {
        await vi.waitFor(() => expect(b.app.services.noteLists.live).toBe(false), { interval: 5 })
        expect(b.app.services.noteLists.size).toBe(0)
        const reads = noteReads(b.database)
        try {
          for (let i = 1; i <= 3; i++) {
            expect(await titles(b, token)).toEqual(['steady'])
            expect(reads.count).toBe(i)
          }
        } finally {
          reads.restore()
        }
      } finally {
        await letBack()
      }
      for (const t of [a, b]) {
        await vi.waitFor(() => expect(t.app.services.noteLists.live).toBe(true), {
          timeout: 15_000,
          interval: 20,
        })
      }
      await write(a, token, 'POST', '/api/notes', { title: 'after' })
      expect(await titles(b, token)).toEqual(['after', 'steady'])
      const reads = noteReads(b.database)
      try {
        expect(await titles(b, token)).toEqual(['after', 'steady'])
        expect(reads.count).toBe(0)
      } finally {
        reads.restore()
      }
    },
  )
})
