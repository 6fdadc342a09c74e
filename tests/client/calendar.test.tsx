import { fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { CalendarEvent } from '@schemas/events'
import { contract } from '@schemas/index'

import { setClock } from './clock'
import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their route chunk on first visit; on a busy machine that can pass one second.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const stamp = '2026-03-01T10:00:00.000Z'

// Every test here starts on Wednesday 11 March 2026 at 9:00, local time, in whatever time zone
// the run has: the week shown and the week after it are both in March, and no clock change is
// near in Europe or America. A test that needs another day sets its own.
beforeEach(() => setClock(2026, 3, 11))

/** Today at `hour`, local time: inside the month and week the calendar opens on. */
function today(hour: number) {
  const date = new Date()
  date.setHours(hour, 0, 0, 0)
  return date
}

const makeEvent = (n: number, overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: uuid(n),
  title: `Event ${n}`,
  description: '',
  location: '',
  start: today(10).toISOString(),
  end: today(11).toISOString(),
  allDay: false,
  color: 'blue',
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
})

/** A tiny events API that remembers what the screen asked for. */
function eventsBackend(initial: CalendarEvent[]) {
  const events = [...initial]
  const ranges: { from: string; to: string }[] = []
  return {
    events,
    ranges,
    handlers: [
      handle(contract.events.list, ({ url }) => {
        const from = url.searchParams.get('from')!
        const to = url.searchParams.get('to')!
        ranges.push({ from, to })
        const inRange = events.filter(
          (e) => Date.parse(e.end) >= Date.parse(from) && Date.parse(e.start) < Date.parse(to),
        )
        return { data: { data: inRange } }
      }),
      handle(contract.events.create, ({ body }) => {
        const created = makeEvent(events.length + 50, {
          ...body,
          description: body.description ?? '',
          location: body.location ?? '',
          allDay: body.allDay ?? false,
          color: body.color ?? 'blue',
        })
        events.push(created)
        return { status: 201, data: { data: created } }
      }),
      handle(contract.events.update, ({ params, body }) => {
        const index = events.findIndex((e) => e.id === params.id)
        if (index < 0) return { status: 404, message: 'Event not found' }
        events[index] = { ...events[index]!, ...body } as CalendarEvent
        return { data: { data: events[index]! } }
      }),
      handle(contract.events.remove, ({ params }) => {
        const index = events.findIndex((e) => e.id === params.id)
        if (index < 0) return { status: 404, message: 'Event not found' }
        events.splice(index, 1)
        return { data: { data: { id: params.id } } }
      }),
    ],
  }
}

const DAY = 86_400_000

/** The calendar's title: the month or week shown (the first of the screen's h2 headings). */
const monthHeading = (screen: {
  getAllByRole: (role: 'heading', o: { level: 2 }) => HTMLElement[]
}) => screen.getAllByRole('heading', { level: 2 })[0]!

describe('/admin/calendar', () => {
  it('fetches only the visible month and shows its events', async () => {
    storeSession()
    const backend = eventsBackend([makeEvent(1, { title: 'Weekly coaching call' })])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen } = await renderApp('/admin/calendar')
    // The first test of the file also waits for the calendar's chunk to load.
    expect(await screen.findByText('Weekly coaching call')).toBeTruthy()
    const { from, to } = backend.ranges[0]!
    // A month grid shows five or six whole weeks around the current month.
    expect(Date.parse(to) - Date.parse(from)).toBeGreaterThanOrEqual(35 * DAY - 2 * 3600_000)
    expect(Date.parse(to) - Date.parse(from)).toBeLessThanOrEqual(42 * DAY + 2 * 3600_000)
    expect(Date.parse(from)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(to)).toBeGreaterThan(Date.now())
    // Asked for once, before the calendar was drawn: the dates it then showed were the same.
    expect(backend.ranges).toHaveLength(1)
  })

  it('switches to the week and the agenda, asking for each new range', async () => {
    storeSession()
    const backend = eventsBackend([makeEvent(1, { title: 'Weekly coaching call' })])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    await screen.findByText('Weekly coaching call')

    await user.click(screen.getByRole('button', { name: 'Week' }))
    await waitFor(() => expect(backend.ranges.length).toBe(2))
    const week = backend.ranges[1]!
    expect(Date.parse(week.to) - Date.parse(week.from)).toBeGreaterThanOrEqual(
      7 * DAY - 2 * 3600_000,
    )
    expect(Date.parse(week.to) - Date.parse(week.from)).toBeLessThanOrEqual(7 * DAY + 2 * 3600_000)
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(backend.ranges.length).toBe(3))
    expect(Date.parse(backend.ranges[2]!.from) - Date.parse(week.from)).toBeGreaterThan(6 * DAY)

    await user.click(screen.getByRole('button', { name: 'Agenda' }))
    expect(await screen.findByText('Weekly coaching call')).toBeTruthy()
  })

  it('opens the agenda on the month of the week shown last, and Today brings this month back', async () => {
    // Sunday 29 November: the week after this one is in December.
    setClock(2026, 11, 29, 14)
    storeSession()
    const backend = eventsBackend([makeEvent(1, { title: 'Weekly coaching call' })])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    await screen.findByText('Weekly coaching call')
    const heading = monthHeading(screen)

    await user.click(screen.getByRole('button', { name: 'Week' }))
    await waitFor(() => expect(backend.ranges.length).toBe(2))
    expect(backend.ranges[1]!.from).toBe(new Date(2026, 10, 29).toISOString())
    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(backend.ranges.length).toBe(3))
    expect(backend.ranges[2]!.from).toBe(new Date(2026, 11, 6).toISOString())

    await user.click(screen.getByRole('button', { name: 'Agenda' }))
    expect(
      await screen.findByText('Nothing planned in this month. Use New event to add one.'),
    ).toBeTruthy()
    expect(heading.textContent).toBe('December 2026')
    expect(backend.ranges.at(-1)).toEqual({
      from: new Date(2026, 11, 1).toISOString(),
      to: new Date(2027, 0, 1).toISOString(),
    })

    await user.click(screen.getByRole('button', { name: 'Today' }))
    expect(await screen.findByText('Weekly coaching call')).toBeTruthy()
    expect(heading.textContent).toBe('November 2026')
  })

  it('says what to do when the month is empty', async () => {
    storeSession()
    server.use(...memberHandlers(), ...eventsBackend([]).handlers)
    const { screen } = await renderApp('/admin/calendar')
    expect(
      await screen.findByText(
        'Nothing planned here yet. Click a day or a time slot, or use New event.',
      ),
    ).toBeTruthy()
  })

  it('shows the server message when events cannot be loaded, and retries', async () => {
    storeSession()
    let fail = true
    server.use(
      ...memberHandlers(),
      handle(contract.events.list, () =>
        fail
          ? { status: 500, message: 'Database unreachable' }
          : { data: { data: [makeEvent(1, { title: 'Back again' })] } },
      ),
    )
    const { screen, user } = await renderApp('/admin/calendar')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Database unreachable')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Back again')).toBeTruthy()
  })

  it('creates an event in the dialog, refusing an end before the start', async () => {
    storeSession()
    const backend = eventsBackend([])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    await screen.findByText(/Nothing planned here yet/)

    await user.click(screen.getByRole('button', { name: 'New event' }))
    const dialog = await screen.findByRole('dialog', { name: 'New event' })
    await user.type(within(dialog).getByLabelText(/Title/), 'Webinar dry run')
    const start = today(14)
    const pad = (n: number) => String(n).padStart(2, '0')
    const local = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: local(start) } })
    fireEvent.change(within(dialog).getByLabelText(/^End/), {
      target: { value: local(today(13)) },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }))
    expect(await within(dialog).findByText('End must not be before start')).toBeTruthy()
    expect(backend.events).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText(/^End/), {
      target: { value: local(today(15)) },
    })
    await user.type(within(dialog).getByLabelText('Location'), 'Zoom')
    await user.click(within(dialog).getByRole('radio', { name: 'Green' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }))

    expect(await screen.findByText('Event added')).toBeTruthy()
    expect(backend.events[0]).toMatchObject({
      title: 'Webinar dry run',
      location: 'Zoom',
      color: 'green',
      allDay: false,
      start: start.toISOString(),
      end: today(15).toISOString(),
    })
    expect(await screen.findByText('Webinar dry run')).toBeTruthy()
  })

  it('shows a server field message next to its field', async () => {
    storeSession()
    const backend = eventsBackend([makeEvent(1, { title: 'Weekly coaching call' })])
    server.use(
      ...memberHandlers(),
      handle(contract.events.update, () => ({
        status: 400,
        message: 'end: End must not be before start',
      })),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/calendar')
    await user.click(await screen.findByText('Weekly coaching call'))
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' })
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }))
    expect(await within(dialog).findByText('End must not be before start')).toBeTruthy()
  })

  it('edits an event and stores all-day events as whole days', async () => {
    storeSession()
    const backend = eventsBackend([makeEvent(1, { title: 'Weekly coaching call' })])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    await user.click(await screen.findByText('Weekly coaching call'))
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' })
    const title = within(dialog).getByLabelText(/Title/)
    await user.clear(title)
    await user.type(title, 'Coaching day')
    await user.click(within(dialog).getByRole('checkbox', { name: 'All day' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }))

    expect(await screen.findByText('Event saved')).toBeTruthy()
    const midnight = today(0)
    const next = new Date(midnight)
    next.setDate(next.getDate() + 1)
    expect(backend.events[0]).toMatchObject({
      title: 'Coaching day',
      allDay: true,
      start: midnight.toISOString(),
      end: next.toISOString(),
    })
  })

  it('deletes after confirmation and the event leaves at once', async () => {
    storeSession()
    const backend = eventsBackend([
      makeEvent(1, { title: 'Weekly coaching call' }),
      makeEvent(2, { title: 'Email list review' }),
    ])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    await user.click(await screen.findByText('Weekly coaching call'))
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this event?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Weekly coaching call')).toBeNull())
    expect(await screen.findByText('Event deleted')).toBeTruthy()
    expect(screen.getByText('Email list review')).toBeTruthy()
    expect(backend.events.map((e) => e.title)).toEqual(['Email list review'])
  })
})

/** A phone's width, as the calendar asks for it when it opens. */
function onAPhone() {
  const matchMedia = window.matchMedia
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === '(max-width: 599px)'
      ? ({ ...matchMedia(query), matches: true } as MediaQueryList)
      : matchMedia(query),
  )
}

/** Local midnight of the first day of the month `steps` months from this one. */
function monthStart(steps: number) {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth() + steps, 1)
}

/** An hour on the 15th of next month, at 9: outside the month the calendar opens on. */
function nextMonthCall() {
  const start = monthStart(1)
  start.setDate(15)
  start.setHours(9)
  return makeEvent(3, {
    title: 'Next month call',
    start: start.toISOString(),
    end: new Date(start.getTime() + 3600_000).toISOString(),
  })
}

describe('/admin/calendar on a phone', () => {
  afterEach(() => vi.restoreAllMocks())

  it('opens on the agenda: the month by day, an event opens, months step, an empty month says so', async () => {
    onAPhone()
    storeSession()
    const backend = eventsBackend([
      makeEvent(1, { title: 'Weekly coaching call', location: 'Zoom' }),
      makeEvent(2, {
        title: 'Launch day',
        start: today(0).toISOString(),
        allDay: true,
        end: new Date(today(0).getTime() + DAY).toISOString(),
      }),
      nextMonthCall(),
    ])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    const agenda = await screen.findByRole('list', { name: /^Events in / })
    expect(backend.ranges).toEqual([
      { from: monthStart(0).toISOString(), to: monthStart(1).toISOString() },
    ])
    // Today's heading, then its all-day event before the timed one, with its time and place.
    const day = within(agenda).getAllByRole('listitem')[0]!
    expect(day.getAttribute('aria-current')).toBe('date')
    expect(within(day).getByRole('heading', { level: 3 }).textContent).toContain('Today')
    const entries = within(day).getAllByRole('button')
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Launch dayAll day',
      expect.stringMatching(/^Weekly coaching call.+ · Zoom$/),
    ])
    expect(screen.queryByText('Next month call')).toBeNull()
    // No calendar grid is drawn for the agenda.
    expect(document.querySelector('.fc')).toBeNull()

    await user.click(entries[1]!)
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' })
    expect((within(dialog).getByLabelText(/Title/) as HTMLInputElement).value).toBe(
      'Weekly coaching call',
    )
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Next month' }))
    expect(await screen.findByText('Next month call')).toBeTruthy()
    expect(backend.ranges.at(-1)).toEqual({
      from: monthStart(1).toISOString(),
      to: monthStart(2).toISOString(),
    })
    expect(screen.queryByText('Weekly coaching call')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Next month' }))
    expect(
      await screen.findByText('Nothing planned in this month. Use New event to add one.'),
    ).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Today' }))
    expect(await screen.findByText('Weekly coaching call')).toBeTruthy()
  })

  it('draws the month grid on the month the agenda was showing', async () => {
    onAPhone()
    storeSession()
    const backend = eventsBackend([nextMonthCall()])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/calendar')
    await user.click(await screen.findByRole('button', { name: 'Next month' }))
    await screen.findByText('Next month call')
    const heading = monthHeading(screen)
    const monthName = heading.textContent

    await user.click(screen.getByRole('button', { name: 'Month' }))
    await waitFor(() => expect(document.querySelector('.fc-daygrid')).not.toBeNull())
    expect(screen.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true')
    expect(heading.textContent).toBe(monthName)
    // The grid's six weeks around next month, asked for as soon as it was chosen.
    const grid = backend.ranges.at(-1)!
    expect(Date.parse(grid.from)).toBeLessThanOrEqual(monthStart(1).getTime())
    expect(Date.parse(grid.to)).toBeGreaterThan(monthStart(2).getTime())
    expect(document.querySelector('.fc-daygrid')!.textContent).toContain('Next month call')
  })
})

describe('the calendar feed', () => {
  it('makes a private address with the browser’s time zone, copies it, and turns it off after asking', async () => {
    storeSession()
    let url: string | null = null
    const zones: string[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.calendarFeed.feed, () => ({ data: { data: { url } } })),
      handle(contract.calendarFeed.startFeed, ({ body }) => {
        zones.push(body.timeZone)
        url = `https://members.example/api/calendar/${'k'.repeat(32)}.ics`
        return { data: { data: { url } } }
      }),
      handle(contract.calendarFeed.stopFeed, () => {
        url = null
        return { data: { data: { url } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/calendar')
    await user.click(await screen.findByRole('button', { name: 'Make a private address' }))
    const address = await screen.findByRole('textbox', { name: 'Your private calendar address' })
    expect((address as HTMLInputElement).value).toBe(
      `https://members.example/api/calendar/${'k'.repeat(32)}.ics`,
    )
    expect(zones).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone])

    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByRole('button', { name: 'Make a private address' })).toBeTruthy()
  })
})
