import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm'

import type { QueuePost } from '@schemas/queue'

import type { Db } from '../db/client'
import { events, queuePosts } from '../db/schema'

type Row = typeof queuePosts.$inferSelect

export const toQueuePost = (row: Row): QueuePost => ({
  id: row.id,
  channel: row.channel as QueuePost['channel'],
  text: row.text,
  scheduledAt: row.scheduledAt?.toISOString() ?? null,
  position: row.position,
  postedAt: row.postedAt?.toISOString() ?? null,
  eventId: row.eventId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const mine = (memberId: string, id: string) =>
  and(eq(queuePosts.memberId, memberId), eq(queuePosts.id, id))

/** Waiting posts in queue order, then the posted ones, the latest first. */
export async function listQueue(db: Db, memberId: string): Promise<QueuePost[]> {
  const rows = await db
    .select()
    .from(queuePosts)
    .where(eq(queuePosts.memberId, memberId))
    .orderBy(
      sql`${queuePosts.postedAt} is not null`,
      sql`case when ${queuePosts.postedAt} is null then ${queuePosts.position} end`,
      desc(queuePosts.postedAt),
      asc(queuePosts.createdAt),
    )
  return rows.map(toQueuePost)
}

export async function queueSize(db: Db, memberId: string) {
  const [found] = await db
    .select({ n: count(), last: max(queuePosts.position) })
    .from(queuePosts)
    .where(eq(queuePosts.memberId, memberId))
  return { posts: found?.n ?? 0, next: (found?.last ?? 0) + 1 }
}

export async function insertQueuePost(
  db: Db,
  memberId: string,
  values: { channel: string; text: string; scheduledAt: Date | null; position: number },
) {
  const [row] = await db
    .insert(queuePosts)
    .values({ ...values, memberId })
    .returning()
  return toQueuePost(row!)
}

export async function findQueuePost(db: Db, memberId: string, id: string) {
  const [row] = await db.select().from(queuePosts).where(mine(memberId, id)).limit(1)
  return row
}

export async function updateQueuePost(
  db: Db,
  memberId: string,
  id: string,
  values: Partial<
    Pick<Row, 'channel' | 'text' | 'scheduledAt' | 'postedAt' | 'eventId' | 'position'>
  >,
) {
  const [row] = await db
    .update(queuePosts)
    .set({ ...values, updatedAt: new Date() })
    .where(mine(memberId, id))
    .returning()
  return row && toQueuePost(row)
}

export async function removeQueuePost(db: Db, memberId: string, id: string) {
  const rows = await db
    .delete(queuePosts)
    .where(mine(memberId, id))
    .returning({ id: queuePosts.id })
  return rows.length === 1
}

/** The ids of the member's waiting posts. */
export async function waitingIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: queuePosts.id })
    .from(queuePosts)
    .where(and(eq(queuePosts.memberId, memberId), isNull(queuePosts.postedAt)))
  return rows.map((r) => r.id)
}

/** Numbers the waiting posts 1, 2, 3… in the order given, in one statement. */
export async function setQueueOrder(db: Db, memberId: string, ids: string[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  await db.execute(sql`
    update ${queuePosts} set position = ordered.n
    from unnest(array[${list}]) with ordinality as ordered(id, n)
    where ${queuePosts.id} = ordered.id and ${queuePosts.memberId} = ${memberId}`)
}

/** Creates the calendar event of a post and links the two, in one transaction. */
export async function putOnCalendar(
  db: Db,
  memberId: string,
  post: Row,
  event: { title: string; description: string; startsAt: Date; endsAt: Date },
) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(events)
      .values({ ...event, memberId, color: 'purple' })
      .returning({ id: events.id })
    const [row] = await tx
      .update(queuePosts)
      .set({ eventId: created!.id, updatedAt: new Date() })
      .where(mine(memberId, post.id))
      .returning()
    return toQueuePost(row!)
  })
}
