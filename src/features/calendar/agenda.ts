import type { CalendarEvent } from '@schemas/events'

import { addDays } from './event-time'

/** What the agenda writes in an event's time column for one of its days. */
export type AgendaTime =
  | { kind: 'allDay' }
  | { kind: 'range'; start: Date; end: Date }
  | { kind: 'from'; start: Date }
  | { kind: 'until'; end: Date }

export interface AgendaEntry {
  event: CalendarEvent
  time: AgendaTime
}

export interface AgendaDay {
  /** Local midnight of the day. */
  date: Date
  entries: AgendaEntry[]
}

/** The month's first day, at local midnight, of any date in it. */
export const monthOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1)

/** The first day of the month `steps` months before (negative) or after `month`. */
export const stepMonth = (month: Date, steps: number) =>
  new Date(month.getFullYear(), month.getMonth() + steps, 1)

function timeOn(event: CalendarEvent, day: Date, nextDay: Date): AgendaTime {
  if (event.allDay) return { kind: 'allDay' }
  const start = new Date(event.start)
  const end = new Date(event.end)
  const startsToday = start >= day
  const endsToday = end <= nextDay
  if (startsToday && endsToday) return { kind: 'range', start, end }
  if (startsToday) return { kind: 'from', start }
  if (endsToday) return { kind: 'until', end }
  return { kind: 'allDay' }
}

/**
 * The month's days that have events, each with the events that touch it: an event of several
 * days is listed on each of them. A day's all-day events come first, then the rest by their
 * start. An event that ends at midnight is not listed on the day that midnight begins; one
 * without length is listed on its day.
 */
export function agendaDays(events: readonly CalendarEvent[], month: Date): AgendaDay[] {
  const first = monthOf(month)
  const end = stepMonth(first, 1)
  const timed = events.map((event) => ({
    event,
    start: Date.parse(event.start),
    end: Date.parse(event.end),
  }))
  const days: AgendaDay[] = []
  for (let day = first; day < end;) {
    const nextDay = addDays(day, 1)
    const from = day.getTime()
    const to = nextDay.getTime()
    const entries = timed
      .filter((item) => item.start < to && (item.end > from || item.start >= from))
      .map((item) => ({ item, time: timeOn(item.event, day, nextDay) }))
      .sort(
        (a, b) =>
          Number(b.time.kind === 'allDay') - Number(a.time.kind === 'allDay') ||
          a.item.start - b.item.start ||
          a.item.event.title.localeCompare(b.item.event.title),
      )
      .map(({ item, time }) => ({ event: item.event, time }))
    if (entries.length) days.push({ date: day, entries })
    day = nextDay
  }
  return days
}
