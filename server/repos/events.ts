import { and, asc, eq, gt, lt } from 'drizzle-orm'

import type { CalendarEvent } from '@schemas/events'

import type { Db } from '../db/client'
import { events, members } from '../db/schema'
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

/** The member whose calendar feed has this secret. */
export async function memberByCalendarToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: members.id, timeZone: members.timeZone, firstName: members.firstName })
    .from(members)
    .where(eq(members.calendarToken, token))
  return row
}

export async function calendarTokenOf(db: Db, memberId: string) {
  const [row] = await db
    .select({ token: members.calendarToken })
    .from(members)
    .where(eq(members.id, memberId))
  return row?.token ?? null
}

/** Sets (or, with null, removes) the member's feed secret, and the time zone it shows days in. */
export async function setCalendarToken(
  db: Db,
  memberId: string,
  token: string | null,
  timeZone?: string,
) {
  await db
    .update(members)
    .set({ calendarToken: token, ...(timeZone ? { timeZone } : {}) })
    .where(eq(members.id, memberId))
}

/** A feed's events: those ending after `since`, the soonest first, at most `limit`. */
export const feedEvents = (db: Db, memberId: string, since: Date, limit: number) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.memberId, memberId), gt(events.endsAt, since)))
    .orderBy(asc(events.startsAt))
    .limit(limit)
