import { waitFor, within } from '@testing-library/react'
import { act } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { lockedMessage } from '@schemas/access'
import type { CalendarEvent } from '@schemas/events'
import { contract } from '@schemas/index'
import type { Lead } from '@schemas/leads'
import type { Note } from '@schemas/notes'

import { OnScreenObserver } from './earnings-fixtures'
import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their route chunk on first visit; on a busy machine that can pass one second.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const stamp = '2026-03-01T10:00:00.000Z'

const note = (n: number, overrides: Partial<Note> = {}): Note => ({
  id: uuid(n),
  title: `Note ${n}`,
  body: '',
  color: 'yellow',
  pinned: false,
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
})

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString()
const event = (n: number, overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: uuid(100 + n),
  title: `Event ${n}`,
  description: '',
  location: '',
  start: inHours(24 * n),
  end: inHours(24 * n + 1),
  allDay: false,
  color: 'blue',
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
})

const lead = (n: number, name: string): Lead => ({
  id: uuid(200 + n),
  name,
  email: `lead${n}@example.net`,
  phone: '',
  source: 'optin',
  consent: true,
  notes: '',
  createdAt: stamp,
  updatedAt: stamp,
})

const granted = makeProfile({ areas: ['viralLeads', 'content'] })

function widgets({
  notes = [] as Note[],
  events = [] as CalendarEvent[],
  leads = [] as Lead[],
} = {}) {
  return [
    handle(contract.notes.list, () => ({ data: { data: notes } })),
    handle(contract.events.list, () => ({ data: { data: events } })),
    handle(contract.leads.list, ({ url }) => {
      if (!url.searchParams.get('email'))
        return { status: 400, message: 'Email parameter is required' }
      const pageSize = Number(url.searchParams.get('pageSize'))
      return {
        data: { data: { items: leads.slice(0, pageSize), total: leads.length, page: 1, pageSize } },
      }
    }),
  ]
}

// The parts below the first screen are built once scrolled near: here, at once.
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', OnScreenObserver)
  return () => vi.unstubAllGlobals()
})

/** An IntersectionObserver whose elements come on screen when the test says so. */
class ScrolledObserver {
  static all: ScrolledObserver[] = []
  private targets: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScrolledObserver.all.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.targets = []
  }
  takeRecords() {
    return []
  }
  private labelled(label: string) {
    return this.targets.filter((t) => t.getAttribute('aria-label') === label)
  }
  /** Whether an element with this label is watched (the screen watches from an effect). */
  static watching(label: string) {
    return ScrolledObserver.all.some((observer) => observer.labelled(label).length > 0)
  }
  static scrollTo(label: string) {
    for (const observer of ScrolledObserver.all) {
      const shown = observer.labelled(label)
      if (shown.length)
        observer.callback(
          shown.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          observer as unknown as IntersectionObserver,
        )
    }
  }
}

describe('dashboard widgets', () => {
  it('builds the notes, events and leads only once scrolled near, holding their place meanwhile', async () => {
    ScrolledObserver.all = []
    vi.stubGlobal('IntersectionObserver', ScrolledObserver)
    storeSession()
    server.use(
      ...memberHandlers(granted),
      ...widgets({ notes: [note(1, { title: 'Kept for later' })] }),
    )
    const { screen } = await renderApp('/admin/dashboard')

    const waiting = await screen.findByRole('region', { name: 'Notes, events and leads' })
    expect(waiting.getAttribute('aria-busy')).toBe('true')
    // The first screen is drawn, and its tiles filled, without the panels below it.
    await screen.findByTestId('kpi-notes')
    expect(screen.queryByRole('heading', { name: 'Recent leads' })).toBeNull()

    await waitFor(() => expect(ScrolledObserver.watching('Notes, events and leads')).toBe(true))
    act(() => ScrolledObserver.scrollTo('Notes, events and leads'))
    const notes = await screen.findByRole('list', { name: 'Latest notes' })
    expect(within(notes).getByText('Kept for later')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Recent leads' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Notes, events and leads' })).toBeNull()
  })

  it('builds the parts below the first screen at the first press of Tab, so the keyboard reaches them', async () => {
    ScrolledObserver.all = []
    vi.stubGlobal('IntersectionObserver', ScrolledObserver)
    storeSession()
    server.use(...memberHandlers(granted), ...widgets())
    const { screen, user } = await renderApp('/admin/dashboard')
    await screen.findByRole('region', { name: 'Notes, events and leads' })
    expect(screen.queryByRole('heading', { name: 'Recent leads' })).toBeNull()

    await user.tab()
    expect(await screen.findByRole('heading', { name: 'Recent leads' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Notes, events and leads' })).toBeNull()
  })

  it('shows pinned and latest notes, the next two weeks of events and the newest leads', async () => {
    storeSession()
    let eventsUrl: URL | undefined
    let leadsUrl: URL | undefined
    server.use(
      ...memberHandlers(granted),
      handle(contract.events.list, ({ url }) => {
        eventsUrl = url
        return {
          data: {
            data: [
              event(3, { title: 'Email list review', location: 'Home office' }),
              event(1, { title: 'Weekly coaching call' }),
              event(0, { title: 'Already over', start: inHours(-3), end: inHours(-2) }),
            ],
          },
        }
      }),
      handle(contract.leads.list, ({ url }) => {
        leadsUrl = url
        return {
          data: {
            data: {
              items: [lead(1, 'Jordan Price'), lead(2, 'Priya Shah')],
              total: 2,
              page: 1,
              pageSize: 5,
            },
          },
        }
      }),
      ...widgets({
        notes: [
          note(1, { title: 'Launch checklist', pinned: true }),
          note(2),
          note(3),
          note(4),
          note(5),
        ],
      }),
    )
    const { screen } = await renderApp('/admin/dashboard')

    const notes = await screen.findByRole('list', { name: 'Latest notes' })
    expect(within(notes).getAllByRole('listitem')).toHaveLength(4)
    expect(within(notes).getByText('Launch checklist')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open all notes (5)' }).getAttribute('href')).toBe(
      '/admin/notes',
    )

    const events = await screen.findByRole('list', { name: 'Events in the next 14 days' })
    const titles = within(events)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(titles[0]).toContain('Weekly coaching call')
    expect(titles[1]).toContain('Email list review')
    expect(titles[1]).toContain('Home office')
    expect(within(events).queryByText('Already over')).toBeNull()
    const from = Date.parse(eventsUrl!.searchParams.get('from')!)
    const to = Date.parse(eventsUrl!.searchParams.get('to')!)
    expect(to - from).toBeGreaterThanOrEqual(14 * 86_400_000 - 3600_000)
    expect(to - from).toBeLessThanOrEqual(14 * 86_400_000 + 3600_000)

    const leads = await screen.findByRole('list', { name: 'Newest leads' })
    expect(within(leads).getByText('Jordan Price')).toBeTruthy()
    expect(leadsUrl!.searchParams.get('email')).toBe('member@example.com')
    expect(leadsUrl!.searchParams.get('pageSize')).toBe('5')
  })

  it('shows placeholders while the panels load', async () => {
    storeSession()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      ...memberHandlers(granted),
      handle(contract.notes.list, async () => {
        await gate
        return { data: { data: [note(1, { title: 'Launch checklist' })] } }
      }),
      handle(contract.events.list, async () => {
        await gate
        return { data: { data: [] } }
      }),
      handle(contract.leads.list, async () => {
        await gate
        return { data: { data: { items: [], total: 0, page: 1, pageSize: 5 } } }
      }),
    )
    const { screen } = await renderApp('/admin/dashboard')
    expect(await screen.findByText('Loading notes')).toBeTruthy()
    expect(await screen.findByText('Loading events')).toBeTruthy()
    expect(await screen.findByText('Loading leads')).toBeTruthy()
    release()
    expect(await screen.findByText('Launch checklist')).toBeTruthy()
    expect(screen.queryByText('Loading notes')).toBeNull()
  })

  it('adds a note from the panel', async () => {
    storeSession()
    const notes: Note[] = []
    let sent: unknown
    server.use(
      ...memberHandlers(granted),
      handle(contract.notes.create, ({ body }) => {
        sent = body
        const created = note(9, { title: body.title, body: body.body ?? '' })
        notes.unshift(created)
        return { status: 201, data: { data: created } }
      }),
      handle(contract.notes.list, () => ({ data: { data: notes } })),
      ...widgets(),
    )
    const { screen, user } = await renderApp('/admin/dashboard')
    expect(await screen.findByText('No notes yet. Write your first one above.')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Quick note' })
    await user.click(within(form).getByRole('button', { name: 'Add note' }))
    expect(await within(form).findByText('Title is required')).toBeTruthy()

    await user.type(within(form).getByLabelText('New note'), 'Call the printer')
    await user.click(within(form).getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('Note added')).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'Latest notes' })
    expect(within(list).getByText('Call the printer')).toBeTruthy()
    expect(sent).toMatchObject({ title: 'Call the printer' })
    expect((within(form).getByLabelText('New note') as HTMLInputElement).value).toBe('')
  })

  it('shows empty panels with a next step', async () => {
    storeSession()
    server.use(...memberHandlers(granted), ...widgets())
    const { screen } = await renderApp('/admin/dashboard')
    expect(await screen.findByText('No notes yet. Write your first one above.')).toBeTruthy()
    expect(await screen.findByText(/Nothing planned for the next 14 days/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Plan an event' }).getAttribute('href')).toBe(
      '/admin/calendar',
    )
    expect(await screen.findByText(/No leads yet/)).toBeTruthy()
  })

  it('shows a small locked note for leads when the member lacks the area, without calling it', async () => {
    storeSession()
    let leadsCalled = false
    server.use(
      ...memberHandlers(makeProfile({ areas: ['content'] })),
      handle(contract.leads.list, () => {
        leadsCalled = true
        return { status: 403, message: lockedMessage('viralLeads') }
      }),
      ...widgets(),
    )
    const { screen } = await renderApp('/admin/dashboard')
    const locked = await screen.findByTestId('leads-locked')
    expect(locked.textContent).toContain(lockedMessage('viralLeads'))
    expect(
      within(locked).getByRole('link', { name: 'Ask us to open it' }).getAttribute('href'),
    ).toBe('/admin/contactus?subject=Upgrade+request%3A+Viral+leads')
    expect(leadsCalled).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the locked note when the server answers 403 for leads', async () => {
    storeSession()
    server.use(
      ...memberHandlers(granted),
      handle(contract.leads.list, () => ({ status: 403, message: lockedMessage('viralLeads') })),
      ...widgets(),
    )
    const { screen } = await renderApp('/admin/dashboard')
    expect(await screen.findByTestId('leads-locked')).toBeTruthy()
  })

  it('keeps a failing panel small and lets it retry', async () => {
    storeSession()
    let fail = true
    server.use(
      ...memberHandlers(granted),
      handle(contract.events.list, () =>
        fail
          ? { status: 500, message: 'Database unreachable' }
          : { data: { data: [event(1, { title: 'Weekly coaching call' })] } },
      ),
      ...widgets(),
    )
    const { screen, user } = await renderApp('/admin/dashboard')
    const alert = await screen.findByText('Events could not be loaded: Database unreachable')
    expect(screen.getByRole('heading', { name: 'Welcome back, Mia Member' })).toBeTruthy()
    fail = false
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByText('Weekly coaching call')).toHaveLength(2))
  })
})

describe('headline figures', () => {
  it('leads with the training, the next event and the notes, each in a tile of its own', async () => {
    storeSession()
    server.use(
      ...memberHandlers(granted),
      handle(contract.courses.list, () => ({
        data: {
          data: {
            courses: [
              {
                key: 'training',
                title: 'Digital-marketing training',
                summary: '',
                area: 'training' as const,
                overview: '/admin/training',
                locked: false,
                modules: [],
                lessons: [],
                completion: { completed: 3, total: 12 },
              },
            ],
            resume: null,
          },
        },
      })),
      ...widgets({
        notes: [note(1, { pinned: true }), note(2), note(3, { pinned: true })],
        events: [event(2, { title: 'Email list review' }), event(1, { title: 'Coaching call' })],
      }),
    )
    const { screen } = await renderApp('/admin/dashboard')
    const glance = await screen.findByRole('region', { name: 'At a glance' })
    const tile = (name: string) => within(glance).getByRole('group', { name })
    await waitFor(() => expect(within(tile('Training completed')).getByText('25%')).toBeTruthy())
    expect(within(tile('Training completed')).getByText('3 of 12 lessons')).toBeTruthy()
    await waitFor(() => expect(within(tile('Notes')).getByText('3')).toBeTruthy())
    expect(within(tile('Notes')).getByText('2 pinned')).toBeTruthy()
    expect(within(tile('Next event')).getByText('Coaching call')).toBeTruthy()
    // Each tile is a shortcut: its label links to the screen the figure comes from.
    const shortcut = (name: string) =>
      within(tile(name)).getByRole('link', { name }).getAttribute('href')
    expect(shortcut('Training completed')).toBe('/admin/dgtraining')
    expect(shortcut('Next event')).toBe('/admin/calendar')
    expect(shortcut('Notes')).toBe('/admin/notes')
    // A member sees no membership figures.
    expect(screen.queryByRole('region', { name: 'Membership' })).toBeNull()
  })

  it("keeps every tile's size while it loads", async () => {
    storeSession()
    server.use(
      ...memberHandlers(granted),
      handle(contract.notes.list, () => new Promise(() => {})),
      ...widgets(),
    )
    const { screen } = await renderApp('/admin/dashboard')
    const glance = await screen.findByRole('region', { name: 'At a glance' })
    const notes = within(glance).getByRole('group', { name: 'Notes' })
    expect(notes.getAttribute('aria-busy')).toBe('true')
    expect(within(glance).getAllByRole('group')).toHaveLength(4)
  })
})

describe("the administrator's dashboard", () => {
  it('shows the membership: counts, sign-ups per week, the newest members and recent changes', async () => {
    storeSession({ role: 'admin' })
    const admin = makeProfile({ role: 'admin', firstName: 'Ada', lastName: 'Admin' })
    server.use(
      ...memberHandlers(admin),
      ...widgets(),
      handle(contract.members.stats, () => ({
        data: {
          data: {
            total: 1240,
            admins: 2,
            joinedLast30Days: 57,
            joinedPrevious30Days: 41,
            weeks: Array.from({ length: 12 }, (_, i) => ({
              start: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
              count: i,
            })),
            adminChangesLast7Days: 6,
          },
        },
      })),
      handle(contract.members.list, ({ url }) => {
        expect(url.searchParams.get('sort')).toBe('createdAt')
        expect(url.searchParams.get('order')).toBe('desc')
        return {
          data: {
            data: {
              items: [
                {
                  id: 'm-9',
                  email: 'new.member@example.com',
                  role: 'member' as const,
                  firstName: 'Nora',
                  lastName: 'New',
                  areas: [],
                  createdAt: '2026-11-20T09:00:00.000Z',
                },
              ],
              total: 1240,
              page: 1,
              pageSize: 5,
            },
          },
        }
      }),
      handle(contract.members.audit, () => ({
        data: {
          data: {
            items: [
              {
                id: 'a-1',
                actorEmail: 'admin@example.com',
                action: 'member.access' as const,
                targetEmail: 'maya@example.com',
                detail: 'granted viralLeads',
                createdAt: '2026-11-21T09:00:00.000Z',
              },
            ],
            total: 1,
            page: 1,
            pageSize: 5,
          },
        },
      })),
    )
    const { screen } = await renderApp('/admin/dashboard')
    const membership = await screen.findByRole('region', { name: 'Membership' })
    const tile = (name: string) => within(membership).getByRole('group', { name })
    await waitFor(() => expect(within(tile('Members')).getByText('1,240')).toBeTruthy())
    expect(within(tile('Members')).getByText('2 administrators')).toBeTruthy()
    expect(within(tile('Joined, last 30 days')).getByText('57')).toBeTruthy()
    expect(within(tile('Joined, last 30 days')).getByText('41 in the 30 days before')).toBeTruthy()
    expect(within(tile('Administrators’ changes, 7 days')).getByText('6')).toBeTruthy()
    expect(within(tile('Joined this week')).getByText('11')).toBeTruthy()
    const weeks = within(membership).getByRole('list', {
      name: 'Sign-ups in each of the last 12 weeks',
    })
    expect(within(weeks).getAllByRole('listitem')).toHaveLength(12)
    expect(within(weeks).getByLabelText('Week of Sep 7: 0 sign-ups')).toBeTruthy()
    expect(within(weeks).getByLabelText('Week of Sep 14: 1 sign-up')).toBeTruthy()
    expect(await within(membership).findByText('Nora New')).toBeTruthy()
    expect(within(membership).getByText('new.member@example.com')).toBeTruthy()
    expect(await within(membership).findByText('maya@example.com')).toBeTruthy()
    expect(within(membership).getByText('Access changed')).toBeTruthy()
  })
})
