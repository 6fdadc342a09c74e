import { randomBytes } from 'node:crypto'

import ical from 'ical-generator'

import type { CalendarFeed } from '@schemas/calendar-feed'

import type { Db } from '../db/client'
import { badRequest, notFound } from '../errors'
import {
  calendarTokenOf,
  feedEvents,
  memberByCalendarToken,
  setCalendarToken,
} from '../repos/events'

const DAY = 24 * 60 * 60 * 1000
/** How far back a feed reaches, and how many events it holds at most. */
const FEED_DAYS_BACK = 90
const FEED_MAX_EVENTS = 2000

export interface CalendarFeedDeps {
  db: Db
  now: () => number
  publicUrl: string
}

/** `YYYY-MM-DD` of an instant, in a time zone. */
const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return (at: Date) => format.format(at)
}

/**
 * Each member's private calendar feed: an iCalendar file of their events at an address with a
 * secret of 192 random bits, which Google Calendar and Apple Calendar subscribe to. Making a new
 * address ends the old one. An event keeps its id as its UID, so an edit changes it in the
 * subscriber's calendar and a deletion removes it there at the next refresh.
 */
export class CalendarFeedService {
  constructor(private readonly deps: CalendarFeedDeps) {}

  private url(token: string | null): CalendarFeed {
    return { url: token ? `${this.deps.publicUrl}/api/calendar/${token}.ics` : null }
  }

  async feed(memberId: string) {
    return this.url(await calendarTokenOf(this.deps.db, memberId))
  }

  async start(memberId: string, timeZone: string) {
    try {
      dayIn(timeZone)
    } catch {
      throw badRequest('timeZone: not a time zone')
    }
    const token = randomBytes(24).toString('base64url')
    await setCalendarToken(this.deps.db, memberId, token, timeZone)
    return this.url(token)
  }

  async stop(memberId: string) {
    await setCalendarToken(this.deps.db, memberId, null)
    return this.url(null)
  }

  /** The feed at `file` (`<secret>.ics`) as iCalendar text. */
  async ics(file: string) {
    const member = await memberByCalendarToken(this.deps.db, file.replace(/\.ics$/, ''))
    if (!member) throw notFound('This calendar address is not in use')
    const timeZone = member.timeZone ?? 'UTC'
    const day = dayIn(timeZone)
    const rows = await feedEvents(
      this.deps.db,
      member.id,
      new Date(this.deps.now() - FEED_DAYS_BACK * DAY),
      FEED_MAX_EVENTS,
    )
    const calendar = ical({
      name: 'Members Area',
      prodId: { company: 'Members Area', product: 'Calendar', language: 'EN' },
      ttl: 60 * 60,
      // The zone only as a hint for the subscriber: with ical-generator's `timezone`, times are
      // written in the server process's local time, which is no zone the file names.
      x: [{ key: 'X-WR-TIMEZONE', value: timeZone }],
    })
    for (const row of rows) {
      const base = {
        id: row.id,
        summary: row.title,
        description: row.description || null,
        location: row.location || null,
        stamp: row.updatedAt,
        created: row.createdAt,
        lastModified: row.updatedAt,
      }
      if (row.allDay) {
        // All-day events are days where the member lives: the end day is the one after the last.
        const first = day(row.startsAt)
        const after = day(row.endsAt)
        calendar.createEvent({
          ...base,
          allDay: true,
          start: first,
          end: after > first ? after : day(new Date(row.startsAt.getTime() + DAY)),
        })
      } else {
        calendar.createEvent({ ...base, start: row.startsAt, end: row.endsAt })
      }
    }
    return calendar.toString()
  }
}
