import { describe, expect, it } from 'vitest'

import { firstDatesShown } from './event-time'

/** Local midnight of a day, as the calendar's ranges are. */
const local = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day).toISOString()

describe('the dates the calendar first shows', () => {
  // Thursday 26 November 2026; 1 November 2026 is a Sunday, 1 December a Tuesday.
  const today = new Date(2026, 10, 26, 15, 30)

  it('a month grid: six weeks from the Sunday on or before the first', () => {
    expect(firstDatesShown('dayGridMonth', today)).toEqual({
      from: local(2026, 11, 1),
      to: local(2026, 12, 13),
    })
    expect(firstDatesShown('dayGridMonth', new Date(2026, 11, 3))).toEqual({
      from: local(2026, 11, 29),
      to: local(2027, 1, 10),
    })
  })

  it('a week: Sunday to Sunday around today', () => {
    expect(firstDatesShown('timeGridWeek', today)).toEqual({
      from: local(2026, 11, 22),
      to: local(2026, 11, 29),
    })
  })

  it('the agenda: the month itself', () => {
    expect(firstDatesShown('listMonth', today)).toEqual({
      from: local(2026, 11, 1),
      to: local(2026, 12, 1),
    })
  })
})
