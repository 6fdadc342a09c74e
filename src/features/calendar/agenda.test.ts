import { describe, expect, it } from 'vitest'

import type { CalendarEvent } from '@schemas/events'

import { agendaDays, monthOf, stepMonth } from './agenda'

const at = (day: number, hour = 0, minute = 0, month = 11) =>
  new Date(2026, month - 1, day, hour, minute)

let n = 0
const event = (title: string, start: Date, end: Date, allDay = false): CalendarEvent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  title,
  description: '',
  location: '',
  start: start.toISOString(),
  end: end.toISOString(),
  allDay,
  color: 'blue',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
})

/** Each listed day as "day: title (kind)", compact enough to compare whole. */
const summary = (events: CalendarEvent[], month = at(1)) =>
  agendaDays(events, month).map(
    (day) =>
      `${day.date.getDate()}: ${day.entries.map((e) => `${e.event.title} (${e.time.kind})`).join(', ')}`,
  )

describe('the agenda of a month', () => {
  it('lists only the days with events, in order, each day all-day first and then by start', () => {
    expect(
      summary([
        event('Webinar', at(12, 18), at(12, 19)),
        event('Write a review', at(12, 9), at(12, 10, 30)),
        event('Launch day', at(12), at(13), true),
        event('Coaching call', at(3, 10), at(3, 11)),
      ]),
    ).toEqual([
      '3: Coaching call (range)',
      '12: Launch day (allDay), Write a review (range), Webinar (range)',
    ])
  })

  it('lists an event of several days on each of its days, with its start, its end and the days between', () => {
    const trip = event('Affiliate summit', at(20, 15), at(23, 11))
    const days = agendaDays([trip], at(1))
    expect(days.map((day) => [day.date.getDate(), day.entries[0]!.time])).toEqual([
      [20, { kind: 'from', start: at(20, 15) }],
      [21, { kind: 'allDay' }],
      [22, { kind: 'allDay' }],
      [23, { kind: 'until', end: at(23, 11) }],
    ])
  })

  it('stops an all-day event before its exclusive end, and an event ending at midnight on its own day', () => {
    expect(
      summary([event('Content sprint', at(5), at(7), true), event('Late edit', at(9, 22), at(10))]),
    ).toEqual(['5: Content sprint (allDay)', '6: Content sprint (allDay)', '9: Late edit (range)'])
  })

  it('keeps an event without length on its day, and leaves out the days of other months', () => {
    expect(
      summary([
        event('Reminder', at(30, 9), at(30, 9)),
        event('Across the month end', at(30, 20), at(2, 8, 0, 12)),
        event('Last month', at(31, 9, 0, 10), at(31, 10, 0, 10)),
      ]),
    ).toEqual(['30: Reminder (range), Across the month end (from)'])
    expect(
      summary([event('Across the month end', at(30, 20), at(2, 8, 0, 12))], at(1, 0, 0, 12)),
    ).toEqual(['1: Across the month end (allDay)', '2: Across the month end (until)'])
  })

  it('steps by whole months from any day of one', () => {
    expect(monthOf(at(26, 15, 30))).toEqual(at(1))
    expect(stepMonth(at(1), 1)).toEqual(at(1, 0, 0, 12))
    expect(stepMonth(at(1), 2)).toEqual(new Date(2027, 0, 1))
    expect(stepMonth(at(1), -11)).toEqual(new Date(2025, 11, 1))
  })
})
