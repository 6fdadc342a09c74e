import { and, asc, eq, gt, lt } from 'drizzle-orm'

import type { CalendarEvent } from '@schemas/events'

import type { Db } from '../db/client'
import { events } from '../db/schema'
import { ownedRows } from './owned'

export const eventRows = ownedRows(events)

export const toEvent = (row: typeof events.$inferSelect): CalendarEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  location: row.location,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  allDay: row.allDay,
  color: row.color as CalendarEvent['color'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** Events overlapping [from, to). A zero-length event at `from` counts. */
export async function listEvents(db: Db, memberId: string, from: Date, to: Date) {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.memberId, memberId),
        lt(events.startsAt, to),
        gt(events.endsAt, new Date(from.getTime() - 1)),
      ),
    )
    .orderBy(asc(events.startsAt))
  return rows.map(toEvent)
}
