import { and, count, eq } from 'drizzle-orm'

import type { Db } from '../db/client'
import type { contentItems, events, instagramBios, leads, notes } from '../db/schema'

type OwnedTable =
  typeof notes | typeof contentItems | typeof events | typeof leads | typeof instagramBios

/**
 * Row access for tables a member owns: every query carries the owner, so another member's id
 * simply finds nothing.
 */
export function ownedRows<T extends OwnedTable>(table: T) {
  type Row = T['$inferSelect']
  type Insert = Omit<T['$inferInsert'], 'id' | 'memberId' | 'createdAt' | 'updatedAt'>
  const t = table as typeof notes // the columns used here exist on every owned table
  const mine = (memberId: string, id: string) => and(eq(t.memberId, memberId), eq(t.id, id))
  return {
    async get(db: Db, memberId: string, id: string): Promise<Row | undefined> {
      return (await db.select().from(t).where(mine(memberId, id)).limit(1))[0] as Row | undefined
    },
    /** By id alone: for administrators' read access. */
    async getAny(db: Db, id: string): Promise<Row | undefined> {
      return (await db.select().from(t).where(eq(t.id, id)).limit(1))[0] as Row | undefined
    },
    async count(db: Db, memberId: string): Promise<number> {
      return (await db.select({ n: count() }).from(t).where(eq(t.memberId, memberId)))[0]?.n ?? 0
    },
    async insert(db: Db, memberId: string, values: Insert): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values({ ...(values as object), memberId } as typeof notes.$inferInsert)
        .returning()
      return row as Row
    },
    async update(db: Db, memberId: string, id: string, values: Insert): Promise<Row | undefined> {
      const [row] = await db
        .update(t)
        .set({ ...(values as object), updatedAt: new Date() })
        .where(mine(memberId, id))
        .returning()
      return row as Row | undefined
    },
    async remove(db: Db, memberId: string, id: string): Promise<boolean> {
      const rows = await db.delete(t).where(mine(memberId, id)).returning({ id: t.id })
      return rows.length === 1
    },
  }
}
