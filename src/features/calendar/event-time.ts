/**
 * Conversions between the wire format (ISO instants) and the dialog's inputs (local wall time).
 * All-day events run from local midnight of their first day to local midnight after their last
 * day, the exclusive end FullCalendar and iCalendar use; the dialog shows the last day itself.
 */

const pad = (n: number) => String(n).padStart(2, '0')

export const toDateInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

export const toDateTimeInput = (date: Date) =>
  `${toDateInput(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`

const DAY_MS = 24 * 60 * 60 * 1000

export function addDays(date: Date, days: number) {
  const next = new Date(date)
  next.setDate(next.getDate() + days)
  return next
}

/** `2026-05-01` as local midnight, or null when the text is not a date. */
export function parseDateInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(date.getTime()) ? null : date
}

/** `2026-05-01T09:30` as local time, or null. */
export function parseDateTimeInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export interface TimeInputs {
  allDay: boolean
  start: string
  end: string
}

/** What the dialog shows for an event's instants. */
export function inputsFromRange(start: Date, end: Date, allDay: boolean): TimeInputs {
  if (allDay) {
    // The stored end is exclusive; an event of one day ends where it starts in the form.
    const lastDay = end.getTime() - start.getTime() >= DAY_MS ? addDays(end, -1) : start
    return { allDay, start: toDateInput(start), end: toDateInput(lastDay) }
  }
  return { allDay, start: toDateTimeInput(start), end: toDateTimeInput(end) }
}

/**
 * The form's inputs as ISO instants for the contract; unreadable input stays as typed so the
 * contract's schema names the field.
 */
export function rangeFromInputs({ allDay, start, end }: TimeInputs) {
  if (allDay) {
    const first = parseDateInput(start)
    const last = parseDateInput(end)
    return {
      start: first ? first.toISOString() : start,
      end: last ? addDays(last, 1).toISOString() : end,
    }
  }
  const from = parseDateTimeInput(start)
  const to = parseDateTimeInput(end)
  return { start: from ? from.toISOString() : start, end: to ? to.toISOString() : end }
}

/** Switching "all day" keeps the chosen days and picks working hours for timed events. */
export function switchAllDay(inputs: TimeInputs, allDay: boolean): TimeInputs {
  if (allDay === inputs.allDay) return inputs
  if (allDay) return { allDay, start: inputs.start.slice(0, 10), end: inputs.end.slice(0, 10) }
  return {
    allDay,
    start: inputs.start ? `${inputs.start.slice(0, 10)}T09:00` : '',
    end: inputs.end ? `${inputs.end.slice(0, 10)}T10:00` : '',
  }
}

/** The calendar's views, as FullCalendar names them, with their buttons' words and step. */
export const VIEWS = [
  { id: 'dayGridMonth', label: 'Month', unit: 'month' },
  { id: 'timeGridWeek', label: 'Week', unit: 'week' },
  { id: 'listMonth', label: 'Agenda', unit: 'month' },
] as const
export type ViewId = (typeof VIEWS)[number]['id']
/** The views FullCalendar draws; the agenda is the app's own list. */
export type GridViewId = Exclude<ViewId, 'listMonth'>

/**
 * The dates FullCalendar first shows in a view, as it computes them with this app's options
 * (weeks start on Sunday, a month grid is always six weeks), so that their events can be asked
 * for before it draws.
 */
export function firstDatesShown(view: ViewId, today: Date): { from: string; to: string } {
  const monthStart = new Date(today.getFullYear(), today.getMonth(), 1)
  if (view === 'listMonth') {
    const nextMonth = new Date(today.getFullYear(), today.getMonth() + 1, 1)
    return { from: monthStart.toISOString(), to: nextMonth.toISOString() }
  }
  const from =
    view === 'dayGridMonth'
      ? addDays(monthStart, -monthStart.getDay())
      : addDays(new Date(today.getFullYear(), today.getMonth(), today.getDate()), -today.getDay())
  return {
    from: from.toISOString(),
    to: addDays(from, view === 'dayGridMonth' ? 42 : 7).toISOString(),
  }
}
