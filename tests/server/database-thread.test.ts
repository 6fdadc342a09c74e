import { count, eq, sql } from 'drizzle-orm'
import { integer, pgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Database } from '../../server/db/client'
import { isUniqueViolation } from '../../server/shared/database-errors'
import { testDatabaseUrl } from './database-url'
import { createTestApp, freshDatabase } from './helpers'

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

const tally = pgTable('tally', { id: integer().primaryKey(), n: integer().notNull() })

describe('a long statement', () => {
  it('does not hold up an unrelated request: GET /api/health answers while it runs', async () => {
    const t = await createTestApp()
    try {
      let finished = false
      const slow = t.database.db.execute(sql`select pg_sleep(3)`).then(() => (finished = true))
      // Run on the server's own thread, the statement would keep even this timer from firing.
      await pause(100)
      const health = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
      expect(finished).toBe(false)
      await slow
    } finally {
      await t.close()
    }
  })
})

describe.skipIf(testDatabaseUrl())('the embedded database in its own thread', () => {
  let database: Database
  beforeAll(async () => {
    database = await freshDatabase()
    await database.db.execute(sql`create table tally (id int primary key, n int not null)`)
  })
  afterAll(() => database.close())

  it('holds other statements back while a transaction is open, and commits it whole', async () => {
    const order: string[] = []
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(tally).values({ id: 1, n: 1 })
      await pause(50) // the read below is sent meanwhile
      await tx.update(tally).set({ n: 2 }).where(eq(tally.id, 1))
      order.push('committing')
    })
    await pause(10)
    const read = database.db
      .select({ n: tally.n })
      .from(tally)
      .where(eq(tally.id, 1))
      .then((rows) => {
        order.push('read')
        return rows
      })
    await transaction
    expect(await read).toEqual([{ n: 2 }])
    expect(order).toEqual(['committing', 'read'])
  })

  it('rolls back what a failed transaction wrote', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(tally).values({ id: 2, n: 1 })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await database.db.select({ n: count() }).from(tally).where(eq(tally.id, 2))).toEqual([
      { n: 0 },
    ])
  })

  it("keeps PostgreSQL's error fields: a duplicate key is a unique violation", async () => {
    const error = await database.db
      .insert(tally)
      .values({ id: 1, n: 3 })
      .catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
  })

  it('passes a notification on before the answer to the statement that sent it', async () => {
    const heard: string[] = []
    const stop = await database.listen('tally_changed', {
      notify: (payload) => heard.push(payload),
      live: () => {},
    })
    await database.db.execute(sql`select pg_notify('tally_changed', 'one')`)
    expect(heard).toEqual(['one'])
    await stop()
    await database.db.execute(sql`select pg_notify('tally_changed', 'two')`)
    expect(heard).toEqual(['one'])
  })

  it('fails a statement sent after it closed instead of leaving it waiting', async () => {
    const closing = await freshDatabase()
    await closing.close()
    await expect(closing.db.execute(sql`select 1`)).rejects.toThrow()
  })
})
