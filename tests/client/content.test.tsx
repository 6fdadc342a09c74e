import { fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'
import type { ContentItem } from '@schemas/content'
import { contract } from '@schemas/index'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their route chunk on first visit; on a busy machine that can pass one second.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const stamp = '2026-03-01T10:00:00.000Z'

const makeItem = (n: number, overrides: Partial<ContentItem> = {}): ContentItem => ({
  id: uuid(n),
  title: `Piece ${n}`,
  platform: 'instagram',
  niche: '',
  status: 'idea',
  plannedDate: null,
  body: '',
  checklist: {},
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
})

const withContent = makeProfile({ areas: ['content'] })

/** A small content API over an array, with the server's status and search filters. */
function contentBackend(initial: ContentItem[]) {
  const items = [...initial]
  const queries: URLSearchParams[] = []
  return {
    items,
    queries,
    handlers: [
      handle(contract.content.list, ({ url }) => {
        queries.push(url.searchParams)
        const status = url.searchParams.get('status')
        const search = url.searchParams.get('search')?.toLowerCase()
        return {
          data: {
            data: items.filter(
              (i) =>
                (!status || i.status === status) &&
                (!search || `${i.title} ${i.niche}`.toLowerCase().includes(search)),
            ),
          },
        }
      }),
      handle(contract.content.get, ({ params }) => {
        const item = items.find((i) => i.id === params.id)
        return item ? { data: { data: item } } : { status: 404, message: 'Content not found' }
      }),
      handle(contract.content.create, ({ body }) => {
        const item = makeItem(items.length + 50, {
          title: body.title,
          platform: body.platform,
          niche: body.niche ?? '',
          status: body.status ?? 'idea',
          plannedDate: body.plannedDate ?? null,
          body: body.body ?? '',
          checklist: body.checklist ?? {},
        })
        items.unshift(item)
        return { status: 201, data: { data: item } }
      }),
      handle(contract.content.update, ({ params, body }) => {
        const index = items.findIndex((i) => i.id === params.id)
        if (index < 0) return { status: 404, message: 'Content not found' }
        items[index] = { ...items[index]!, ...body } as ContentItem
        return { data: { data: items[index]! } }
      }),
      handle(contract.content.remove, ({ params }) => {
        const index = items.findIndex((i) => i.id === params.id)
        if (index < 0) return { status: 404, message: 'Content not found' }
        items.splice(index, 1)
        return { data: { data: { id: params.id } } }
      }),
    ],
  }
}

describe('/admin/sheet/content', () => {
  it('lists the pieces after loading, filters by status and search on the server', async () => {
    storeSession()
    const backend = contentBackend([
      makeItem(1, {
        title: '3 passive income myths',
        niche: 'wealth',
        status: 'scheduled',
        plannedDate: '2026-05-04',
      }),
      makeItem(2, {
        title: 'Morning routine',
        platform: 'tiktok',
        niche: 'health',
        status: 'draft',
      }),
    ])
    server.use(...memberHandlers(withContent), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/sheet/content')
    expect(await screen.findByText('Loading content')).toBeTruthy()
    const row = (await screen.findByRole('link', { name: '3 passive income myths' })).closest('tr')!
    expect(row.textContent).toContain('Instagram')
    expect(row.textContent).toContain('wealth')
    expect(row.textContent).toContain('Scheduled')
    expect(row.textContent).toContain('May 4, 2026')

    await user.selectOptions(screen.getByLabelText('Status'), 'draft')
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '3 passive income myths' })).toBeNull(),
    )
    expect(screen.getByRole('link', { name: 'Morning routine' })).toBeTruthy()
    expect(backend.queries.at(-1)!.get('status')).toBe('draft')

    await user.type(screen.getByLabelText('Search'), 'zzz')
    expect(await screen.findByText('No pieces match these filters')).toBeTruthy()
    expect(backend.queries.at(-1)!.get('search')).toBe('zzz')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('link', { name: '3 passive income myths' })).toBeTruthy()
  })

  it('opens with the status and search of its address, and keeps a new filter there', async () => {
    storeSession()
    const backend = contentBackend([
      makeItem(1, { title: '3 passive income myths', status: 'draft' }),
      makeItem(2, { title: 'Morning routine', status: 'draft' }),
      makeItem(3, { title: 'Morning stretch', status: 'idea' }),
    ])
    server.use(...memberHandlers(withContent), ...backend.handlers)
    const { screen, user, router } = await renderApp(
      '/admin/sheet/content?status=draft&search=morning',
    )
    expect(await screen.findByRole('link', { name: 'Morning routine' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Morning stretch' })).toBeNull()
    expect(screen.queryByRole('link', { name: '3 passive income myths' })).toBeNull()
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'draft')
    expect(screen.getByLabelText('Search')).toHaveProperty('value', 'morning')
    expect(backend.queries.at(-1)!.get('status')).toBe('draft')
    expect(backend.queries.at(-1)!.get('search')).toBe('morning')

    await user.selectOptions(screen.getByLabelText('Status'), 'idea')
    expect(await screen.findByRole('link', { name: 'Morning stretch' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ status: 'idea', search: 'morning' })
  })

  it('offers to plan the first piece when there are none', async () => {
    storeSession()
    server.use(...memberHandlers(withContent), ...contentBackend([]).handlers)
    const { screen, user } = await renderApp('/admin/sheet/content')
    expect(await screen.findByText('No content planned yet')).toBeTruthy()
    await user.click(screen.getAllByRole('link', { name: 'New piece' }).at(-1)!)
    expect(await screen.findByRole('heading', { name: 'New content piece' })).toBeTruthy()
  })

  it('shows the server message and retries after a failed load', async () => {
    storeSession()
    let fail = true
    server.use(
      ...memberHandlers(withContent),
      handle(contract.content.list, () =>
        fail ? { status: 500, message: 'Database unreachable' } : { data: { data: [makeItem(1)] } },
      ),
    )
    const { screen, user } = await renderApp('/admin/sheet/content')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Database unreachable')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Piece 1' })).toBeTruthy()
  })

  it('shows the upgrade panel to a member without the content area, without calling it', async () => {
    storeSession()
    let called = false
    server.use(
      ...memberHandlers(makeProfile({ areas: [] })),
      handle(contract.content.list, () => {
        called = true
        return { data: { data: [] } }
      }),
    )
    const { screen } = await renderApp('/admin/sheet/content')
    const panel = await screen.findByTestId('upgrade-panel')
    expect(panel.textContent).toContain(lockedMessage('content'))
    expect(called).toBe(false)
  })

  it('shows the upgrade panel when the server answers 403 for the area', async () => {
    storeSession()
    server.use(
      ...memberHandlers(withContent),
      handle(contract.content.list, () => ({ status: 403, message: lockedMessage('content') })),
    )
    const { screen } = await renderApp('/admin/sheet/content')
    expect(await screen.findByTestId('upgrade-panel')).toBeTruthy()
    // A free area is asked for, in the upgrade page's words.
    expect(screen.getByRole('link', { name: 'Ask us to open it' }).getAttribute('href')).toBe(
      '/admin/contactus?subject=Upgrade+request%3A+Content+planner',
    )
  })

  it('deletes after confirmation; the row leaves at once and comes back on failure', async () => {
    storeSession()
    const backend = contentBackend([
      makeItem(1, { title: 'Keep me' }),
      makeItem(2, { title: 'Old' }),
    ])
    server.use(
      ...memberHandlers(withContent),
      handle(contract.content.remove, () => ({ status: 500, message: 'Database unreachable' })),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/sheet/content')
    await user.click(await screen.findByRole('button', { name: 'Delete Old' }))
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Delete this content piece?' }),
      ).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Database unreachable')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Old' })).toBeTruthy()

    server.resetHandlers()
    server.use(...memberHandlers(withContent), ...backend.handlers)
    await user.click(screen.getByRole('button', { name: 'Delete Old' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Old' })).toBeNull())
    expect(await screen.findByText('Content piece deleted')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Keep me' })).toBeTruthy()
  })
})

describe('/admin/sheet/contentpage and /admin/contentdetail', () => {
  it('creates a piece, checking the title, then shows it', async () => {
    storeSession()
    const backend = contentBackend([])
    server.use(...memberHandlers(withContent), ...backend.handlers)
    const { screen, user, router } = await renderApp('/admin/sheet/contentpage')
    const form = await screen.findByRole('form', { name: 'New content piece' })
    await user.click(within(form).getByRole('button', { name: 'Add piece' }))
    expect(await within(form).findByText('Title is required')).toBeTruthy()

    await user.type(within(form).getByLabelText(/Title/), 'Beginner birdhouse build')
    await user.selectOptions(within(form).getByLabelText(/Platform/), 'youtube')
    await user.selectOptions(within(form).getByLabelText('Status'), 'draft')
    await user.type(within(form).getByLabelText('Niche'), 'woodworking')
    fireEvent.change(within(form).getByLabelText('Planned date'), {
      target: { value: '2026-06-01' },
    })
    await user.type(within(form).getByLabelText('Text'), 'Cut list first')
    await user.click(within(form).getByRole('button', { name: 'Add piece' }))

    expect(await screen.findByText('Content piece added')).toBeTruthy()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Beginner birdhouse build' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/contentdetail')
    expect(backend.items[0]).toMatchObject({
      platform: 'youtube',
      status: 'draft',
      niche: 'woodworking',
      plannedDate: '2026-06-01',
      body: 'Cut list first',
    })
    expect(screen.getByText('Cut list first')).toBeTruthy()
    expect(screen.getByText('0 of 9')).toBeTruthy()
  })

  it('edits a piece by ?id= and keeps its checklist', async () => {
    storeSession()
    const backend = contentBackend([
      makeItem(1, { title: 'Morning routine', checklist: { hook: true } }),
    ])
    server.use(...memberHandlers(withContent), ...backend.handlers)
    const { screen, user } = await renderApp(`/admin/sheet/contentpage?id=${uuid(1)}`)
    const form = await screen.findByRole('form', { name: 'Edit content' })
    const title = within(form).getByLabelText(/Title/) as HTMLInputElement
    expect(title.value).toBe('Morning routine')
    await user.clear(title)
    await user.type(title, 'Morning routine for energy')
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Content piece saved')).toBeTruthy()
    expect(backend.items[0]).toMatchObject({
      title: 'Morning routine for energy',
      checklist: { hook: true },
    })
  })

  it('says so when the piece does not exist', async () => {
    storeSession()
    server.use(...memberHandlers(withContent), ...contentBackend([]).handlers)
    const { screen } = await renderApp(`/admin/contentdetail?id=${uuid(7)}`)
    expect(await screen.findByText('This content piece does not exist')).toBeTruthy()
    expect(screen.getByText('Content not found')).toBeTruthy()
  })

  it('asks which piece to show without an id', async () => {
    storeSession()
    server.use(...memberHandlers(withContent))
    const { screen } = await renderApp('/admin/contentdetail?id=not-an-id')
    expect(await screen.findByText('No content piece chosen')).toBeTruthy()
  })

  it('deletes from the detail page and returns to the list without the piece', async () => {
    storeSession()
    const backend = contentBackend([makeItem(1, { title: 'Old' }), makeItem(2, { title: 'Keep' })])
    server.use(...memberHandlers(withContent), ...backend.handlers)
    const { screen, user, router } = await renderApp(`/admin/contentdetail?id=${uuid(1)}`)
    await screen.findByRole('heading', { level: 1, name: 'Old' })
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sheet/content'))
    expect(await screen.findByRole('link', { name: 'Keep' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Old' })).toBeNull()
  })
})

describe('/admin/contentchecklist', () => {
  it('ticks items of a piece with progress per piece and overall, saved at once', async () => {
    storeSession()
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    const backend = contentBackend([
      makeItem(1, { title: 'Myths reel', checklist: { hook: true, value: true, cta: true } }),
      makeItem(2, { title: 'Birdhouse video' }),
    ])
    server.use(
      ...memberHandlers(withContent),
      handle(contract.content.update, async ({ params, body }) => {
        await slow
        const index = backend.items.findIndex((i) => i.id === params.id)
        backend.items[index] = { ...backend.items[index]!, ...body } as ContentItem
        return { data: { data: backend.items[index]! } }
      }),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp(`/admin/contentchecklist?id=${uuid(2)}`)
    expect(await screen.findByText('All pieces: 3 of 18 steps done')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Birdhouse video', level: 2 })).toBeTruthy()

    const hook = screen.getByRole('checkbox', {
      name: 'Opens with a hook in the first line or seconds',
    })
    expect((hook as HTMLInputElement).checked).toBe(false)
    await user.click(hook)
    // Shown before the server answers.
    expect(await screen.findByText('All pieces: 4 of 18 steps done')).toBeTruthy()
    expect(screen.getByText('1 of 9 done')).toBeTruthy()
    release()
    await waitFor(() => expect(backend.items[1]!.checklist).toEqual({ hook: true }))
    expect(backend.items[1]!.title).toBe('Birdhouse video')

    // Each piece is a link to its checklist (it opens in a new tab too); the open one is current.
    const pieces = screen.getByRole('list', { name: 'Content pieces' })
    const birdhouse = within(pieces).getByRole('link', { name: /Birdhouse video/ })
    expect(birdhouse.getAttribute('aria-current')).toBe('page')
    const myths = within(pieces).getByRole('link', { name: /Myths reel/ })
    expect(myths.getAttribute('href')).toBe(`/admin/contentchecklist?id=${uuid(1)}`)
    expect(myths.getAttribute('aria-current')).toBeNull()
    await user.click(myths)
    expect(await screen.findByRole('heading', { name: 'Myths reel', level: 2 })).toBeTruthy()
    expect(screen.getByText('3 of 9 done')).toBeTruthy()
    expect(myths.getAttribute('aria-current')).toBe('page')
  })

  it('undoes a tick the server refuses', async () => {
    storeSession()
    const backend = contentBackend([makeItem(1, { title: 'Myths reel' })])
    let saves = 0
    server.use(
      ...memberHandlers(withContent),
      handle(contract.content.update, () => {
        saves += 1
        return { status: 500, message: 'Could not save the checklist' }
      }),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/contentchecklist')
    const proofread = await screen.findByRole('checkbox', { name: 'Proofread' })
    await user.click(proofread)
    expect(await screen.findByText('Could not save the checklist')).toBeTruthy()
    expect(saves).toBe(1)
    expect(await screen.findByText('All pieces: 0 of 9 steps done')).toBeTruthy()
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'Proofread' }) as HTMLInputElement).checked,
      ).toBe(false),
    )
  })

  it('points to planning a piece when there is none', async () => {
    storeSession()
    server.use(...memberHandlers(withContent), ...contentBackend([]).handlers)
    const { screen } = await renderApp('/admin/contentchecklist')
    expect(await screen.findByText('Nothing to check yet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Plan a content piece' })).toBeTruthy()
  })

  it('shows the upgrade panel to a member without the content area', async () => {
    storeSession()
    server.use(...memberHandlers(makeProfile({ areas: ['viralLeads'] })))
    const { screen } = await renderApp('/admin/contentchecklist')
    expect(await screen.findByTestId('upgrade-panel')).toBeTruthy()
  })
})
