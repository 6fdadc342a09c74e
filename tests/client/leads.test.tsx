import { waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { lockedMessage } from '@schemas/access'
import { contract } from '@schemas/index'
import type { Lead } from '@schemas/leads'
import { leadsToCsv } from '@/features/leads/leads-csv'
import { csvField } from '@/lib/csv'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

let counter = 0
function makeLead(overrides: Partial<Lead> = {}): Lead {
  counter += 1
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Lead ${counter}`,
    email: `lead${counter}@example.com`,
    phone: '',
    source: 'manual',
    consent: true,
    notes: '',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

const withLeads = () => makeProfile({ areas: ['viralLeads'] })

/** What GET /leads answers for `leads`: searched by name and e-mail, then paged. */
function listAnswer(leads: Lead[], url: URL) {
  if (!url.searchParams.get('email')) {
    return { status: 400, message: 'Email parameter is required' } as const
  }
  const search = (url.searchParams.get('search') ?? '').toLowerCase()
  const page = Number(url.searchParams.get('page') ?? 1)
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20)
  const found = leads.filter((l) => `${l.name} ${l.email}`.toLowerCase().includes(search))
  return {
    data: {
      data: {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      },
    },
  }
}

/** A lead store the handlers search, sort, page and change like the real API. */
function leadsBackend(initial: Lead[]) {
  const leads = [...initial]
  const queries: URLSearchParams[] = []
  return {
    leads,
    queries,
    handlers: [
      handle(contract.leads.list, ({ url }) => {
        queries.push(url.searchParams)
        return listAnswer(leads, url)
      }),
      handle(contract.leads.create, ({ body }) => {
        const lead = makeLead({ name: body.name, email: body.email, phone: body.phone ?? '' })
        leads.unshift(lead)
        return { status: 201, data: { data: lead } }
      }),
      handle(contract.leads.remove, ({ params }) => {
        const index = leads.findIndex((l) => l.id === params.id)
        if (index < 0) return { status: 404, message: 'Lead not found' }
        leads.splice(index, 1)
        return { data: { data: { id: params.id! } } }
      }),
    ],
  }
}

describe('/admin/sheet/leads', () => {
  it('shows a spinner, then the leads of the stored e-mail in a table', async () => {
    storeSession()
    const backend = leadsBackend([makeLead({ name: 'Ada Lovelace' }), makeLead()])
    server.use(...memberHandlers(withLeads()), ...backend.handlers)
    const { screen } = await renderApp('/admin/sheet/leads')
    expect(await screen.findByRole('status', { name: /Loading/ })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Leads' })
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toBeTruthy()
    expect(backend.queries[0]?.get('email')).toBe('member@example.com')
    expect(screen.getByText('1–2 of 2')).toBeTruthy()
  })

  it('has an empty state that leads to the opt-in link and the add dialog', async () => {
    storeSession()
    server.use(...memberHandlers(withLeads()), ...leadsBackend([]).handlers)
    const { screen } = await renderApp('/admin/sheet/leads')
    expect(await screen.findByText('No leads yet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get your opt-in link' })).toBeTruthy()
  })

  it('shows the server message with a retry when the list fails', async () => {
    storeSession()
    let fail = true
    const backend = leadsBackend([makeLead({ name: 'Back again' })])
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.list, (request) =>
        fail
          ? { status: 500, message: 'Database unreachable' }
          : listAnswer(backend.leads, request.url),
      ),
    )
    const { screen, user } = await renderApp('/admin/sheet/leads')
    expect(await screen.findByText('Database unreachable')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeTruthy()
  })

  it('shows the upgrade panel, without calling the API, when the profile lacks the area', async () => {
    storeSession()
    const backend = leadsBackend([makeLead()])
    server.use(...memberHandlers(makeProfile({ areas: [] })), ...backend.handlers)
    const { screen } = await renderApp('/admin/sheet/leads')
    expect(await screen.findByText(lockedMessage('viralLeads'))).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Viral leads' })).toBeTruthy()
    const ask = screen.getByRole('link', { name: 'Ask us to open it' })
    expect(ask.getAttribute('href')).toBe('/admin/contactus?subject=Upgrade+request%3A+Viral+leads')
    expect(backend.queries).toHaveLength(0)
  })

  it('shows the upgrade panel when the server answers 403 with the locked message', async () => {
    storeSession()
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.list, () => ({ status: 403, message: lockedMessage('viralLeads') })),
    )
    const { screen } = await renderApp('/admin/sheet/leads')
    expect(await screen.findByRole('link', { name: 'Ask us to open it' })).toBeTruthy()
  })

  it('lets an administrator in whatever the profile lists', async () => {
    storeSession({ role: 'admin' })
    server.use(
      ...memberHandlers(makeProfile({ role: 'admin', areas: [] })),
      ...leadsBackend([makeLead({ name: 'Seen by admin' })]).handlers,
    )
    const { screen } = await renderApp('/admin/sheet/leads')
    expect(await screen.findByRole('link', { name: 'Seen by admin' })).toBeTruthy()
  })

  it('adds a lead through the dialog, with field errors first', async () => {
    storeSession()
    const backend = leadsBackend([])
    server.use(...memberHandlers(withLeads()), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/sheet/leads')
    await screen.findByText('No leads yet')
    await user.click(screen.getAllByRole('button', { name: 'Add lead' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Add a lead' })
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }))
    expect(await within(dialog).findByText('Name is required')).toBeTruthy()
    await user.type(within(dialog).getByLabelText(/^Name/), 'Grace Hopper')
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'grace@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }))
    expect(await screen.findByText('Lead added')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeTruthy()
    expect(backend.leads).toHaveLength(1)
  })

  it('asks before deleting, then removes the row at once and puts it back on failure', async () => {
    storeSession()
    const backend = leadsBackend([makeLead({ name: 'Keep me' }), makeLead({ name: 'Drop me' })])
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.remove, () => ({ status: 500, message: 'Could not delete' })),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/sheet/leads')
    await screen.findByRole('link', { name: 'Drop me' })
    await user.click(screen.getByRole('button', { name: 'Delete Drop me' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Drop me?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Could not delete')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Drop me' })).toBeTruthy()

    // Now a slow success: the row leaves before the server answers.
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.resetHandlers()
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.remove, async ({ params }) => {
        await gate
        backend.leads.splice(
          backend.leads.findIndex((l) => l.id === params.id),
          1,
        )
        return { data: { data: { id: params.id! } } }
      }),
      ...backend.handlers,
    )
    await user.click(screen.getByRole('button', { name: 'Delete Drop me' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Drop me' })).toBeNull())
    expect(backend.leads).toHaveLength(2)
    release()
    expect(await screen.findByText('Lead deleted')).toBeTruthy()
    expect(backend.leads.map((l) => l.name)).toEqual(['Keep me'])
  })

  it('sends the search and sort to the server and pages with the locale labels', async () => {
    storeSession()
    const many = Array.from({ length: 25 }, (_, i) => makeLead({ name: `Person ${i + 1}` }))
    const backend = leadsBackend(many)
    server.use(...memberHandlers(withLeads()), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/sheet/leads')
    await screen.findByText('1–20 of 25')
    await user.click(screen.getByRole('button', { name: 'Go to next page' }))
    expect(await screen.findByText('21–25 of 25')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /^Name/ }))
    await waitFor(() => expect(backend.queries.at(-1)?.get('sort')).toBe('name'))
    expect(backend.queries.at(-1)?.get('order')).toBe('asc')
    expect(backend.queries.at(-1)?.get('page')).toBe('1')
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'Person 2')
    await waitFor(() => expect(backend.queries.at(-1)?.get('search')).toBe('Person 2'))
  })

  it('exports every page of the current search as CSV, fetched 100 at a time', async () => {
    storeSession()
    const many = Array.from({ length: 130 }, (_, i) => makeLead({ name: `Row ${i + 1}` }))
    const backend = leadsBackend(many)
    server.use(...memberHandlers(withLeads()), ...backend.handlers)
    const created: Blob[] = []
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob)
      return 'blob:csv'
    })
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { screen, user } = await renderApp('/admin/sheet/leads')
    await screen.findByText('1–20 of 130')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Exported 130 leads')).toBeTruthy()
    const pages = backend.queries.filter((q) => q.get('pageSize') === '100')
    expect(pages.map((q) => q.get('page'))).toEqual(['1', '2'])
    expect(click).toHaveBeenCalled()
    const text = await created[0]!.text()
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(131)
    click.mockRestore()
    Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke })
  })
})

const formInfo = (key: string) => ({
  key,
  optinPath: `/optin/${key}`,
  captureAction: `/api/public/leads/${key}`,
})
const KEY = 'AbCdEfGhIjKlMnOp1234'

describe('/admin/leaddetail', () => {
  it('shows one lead, edits it and saves it as a contact', async () => {
    storeSession()
    let lead = makeLead({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 1' })
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.get, () => ({ data: { data: lead } })),
      handle(contract.leads.update, ({ body }) => {
        lead = { ...lead, name: body.name, notes: body.notes ?? '' }
        return { data: { data: lead } }
      }),
    )
    const { screen, user } = await renderApp(`/admin/leaddetail?id=${lead.id}`)
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy()
    expect(screen.getByText('+44 1')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit lead' })
    await user.type(within(dialog).getByLabelText(/^Notes/), 'Met at the fair')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Lead saved')).toBeTruthy()
    expect(await screen.findByText('Met at the fair')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save as contact' }))
    expect(await screen.findByText('Ada Lovelace saved to your contacts')).toBeTruthy()
    const contacts = JSON.parse(localStorage.getItem('contacts:member@example.com')!) as unknown[]
    expect(contacts).toMatchObject([
      { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '+44 1' },
    ])
    expect(screen.getByRole('link', { name: 'Open contact' })).toBeTruthy()
  })

  it('deletes after confirmation and goes back to the list', async () => {
    storeSession()
    const lead = makeLead({ name: 'Short stay' })
    const backend = leadsBackend([lead])
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.get, () => ({ data: { data: lead } })),
      ...backend.handlers,
    )
    const { screen, user, router } = await renderApp(`/admin/leaddetail?id=${lead.id}`)
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Short stay?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('No leads yet')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/sheet/leads')
  })

  it('says the lead does not exist on a 404', async () => {
    storeSession()
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.get, () => ({ status: 404, message: 'Lead not found' })),
    )
    const { screen } = await renderApp(`/admin/leaddetail?id=${makeLead().id}`)
    expect(await screen.findByText('This lead does not exist')).toBeTruthy()
  })
})

describe('/admin/virallead', () => {
  it('shows the absolute opt-in link and the form snippet, and replaces the link after confirmation', async () => {
    storeSession()
    let key = KEY
    server.use(
      ...memberHandlers(withLeads()),
      handle(contract.leads.form, () => ({ data: { data: formInfo(key) } })),
      handle(contract.leads.rotateForm, () => {
        key = 'ZyXwVuTsRqPoNmLk9876'
        return { data: { data: formInfo(key) } }
      }),
    )
    const { screen, user } = await renderApp('/admin/virallead')
    const link = (await screen.findByRole('textbox', { name: 'Opt-in link' })) as HTMLInputElement
    expect(link.value).toBe(`${window.location.origin}/optin/${KEY}`)
    const snippet = screen.getByLabelText('HTML form snippet').textContent!
    expect(snippet).toContain(
      `action="${window.location.origin}/api/public/leads/${KEY}" method="post"`,
    )
    expect(snippet).toContain('name="website"')
    expect(snippet).toContain('position:absolute;left:-10000px')
    expect(snippet).toContain('type="checkbox" name="consent"')

    await user.click(screen.getByRole('button', { name: 'Replace link' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace your opt-in link?' })
    expect(within(confirm).getByText(/stop working/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Replace link' }))
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Opt-in link' }) as HTMLInputElement).value).toBe(
        `${window.location.origin}/optin/ZyXwVuTsRqPoNmLk9876`,
      ),
    )
  })
})

describe('/optin/$key', () => {
  it('shows the owner, checks the fields, posts JSON and thanks the visitor', async () => {
    let sent: unknown
    server.use(
      handle(contract.leads.publicForm, () => ({ data: { data: { ownerName: 'Mia Member' } } })),
      handle(contract.leads.capture, ({ body }) => {
        sent = body
        return { data: { data: { message: 'Thank you' } } }
      }),
    )
    const { screen, user } = await renderApp(`/optin/${KEY}`)
    expect(await screen.findByRole('heading', { name: 'Get updates from Mia Member' })).toBeTruthy()
    await user.type(screen.getByLabelText(/^Name/), 'Vera Visitor')
    await user.type(screen.getByLabelText(/^E-mail/), 'vera@example.com')
    await user.click(screen.getByRole('button', { name: 'Sign me up' }))
    expect(await screen.findByText('Tick the box to agree to be contacted')).toBeTruthy()
    await user.click(screen.getByText('I agree to be contacted by e-mail'))
    await user.click(screen.getByRole('button', { name: 'Sign me up' }))
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy()
    expect(sent).toEqual({ name: 'Vera Visitor', email: 'vera@example.com', consent: true })
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('thanks at once with ?done=1 (after a plain HTML form post)', async () => {
    server.use(
      handle(contract.leads.publicForm, () => ({ data: { data: { ownerName: 'Mia Member' } } })),
    )
    const { screen } = await renderApp(`/optin/${KEY}?done=1`)
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy()
  })

  it('says the form is no longer available on a 404', async () => {
    server.use(handle(contract.leads.publicForm, () => ({ status: 404, message: 'Unknown form' })))
    const { screen } = await renderApp(`/optin/${KEY}`)
    expect(
      await screen.findByRole('heading', { name: 'This form is no longer available' }),
    ).toBeTruthy()
  })
})

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(leadsToCsv([])).toBe('Name,E-mail,Phone,Source,Consent,Notes,Added\r\n')
  })
})
