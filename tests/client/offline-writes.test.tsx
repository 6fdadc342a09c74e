import 'fake-indexeddb/auto'

import { onlineManager } from '@tanstack/react-query'
import { waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { API_PREFIX, contract } from '@schemas/index'
import type { NicheItem } from '@schemas/niche-items'
import type { Note } from '@schemas/notes'
import { forgetLoadedWrites, SAVED_OFFLINE } from '@/lib/write-queue'
import { readWrites } from '@/lib/write-queue-store'

import { makeLesson, makeNicheItem, makeNote, makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

/** The browser going offline or back online, as its events and navigator.onLine tell it. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

/**
 * A notes server that cannot be reached until `reachable`, keeping what it is sent and the
 * Idempotency-Keys it saw: a key sent again answers the first note instead of a second.
 */
function notesServer(start: Note[] = []) {
  const state = { reachable: false, notes: [...start], keys: [] as string[], refuse: '' }
  const byKey = new Map<string, Note>()
  const handlers = [
    http.all(`${API_PREFIX}/notes*`, () => (state.reachable ? undefined : HttpResponse.error())),
    handle(contract.notes.list, () => ({ data: { data: state.notes } })),
    handle(contract.notes.create, ({ body, headers }) => {
      if (state.refuse) return { status: 400, message: state.refuse }
      const key = headers.get('idempotency-key') ?? ''
      state.keys.push(key)
      const known = byKey.get(key)
      if (known) return { status: 201, data: { data: known } }
      const note = makeNote({ id: crypto.randomUUID(), ...body })
      byKey.set(key, note)
      state.notes = [note, ...state.notes]
      return { status: 201, data: { data: note } }
    }),
    handle(contract.notes.update, ({ params, body }) => {
      const note = { ...state.notes.find((n) => n.id === params.id)!, ...body } as Note
      state.notes = state.notes.map((n) => (n.id === params.id ? note : n))
      return { data: { data: note } }
    }),
  ]
  return { state, handlers }
}

async function writeNote(
  screen: Awaited<ReturnType<typeof renderApp>>['screen'],
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  title: string,
) {
  await user.click(screen.getByRole('button', { name: 'New note' }))
  const dialog = await screen.findByRole('dialog', { name: 'New note' })
  await user.type(within(dialog).getByLabelText(/Title/), title)
  await user.click(within(dialog).getByRole('button', { name: 'Add note' }))
}

beforeEach(async () => {
  forgetLoadedWrites()
  const { clearWrites } = await import('@/lib/write-queue-store')
  await clearWrites()
})

afterEach(() => {
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('changes made without a connection', () => {
  it('keeps a new note on this device, shows it waiting, and sends it once when the connection returns', async () => {
    storeSession()
    const backend = notesServer([makeNote({ title: 'Kept note' })])
    backend.state.reachable = true
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/notes')
    await screen.findByRole('article', { name: 'Kept note' })

    backend.state.reachable = false
    setConnection(false)
    await writeNote(screen, user, 'Written on the train')
    expect(await screen.findByText(SAVED_OFFLINE)).toBeTruthy()
    const card = await screen.findByRole('article', { name: 'Written on the train' })
    expect(within(card).getByText('Waiting to be sent')).toBeTruthy()
    expect(await screen.findByRole('button', { name: '1 change waiting' })).toBeTruthy()
    const [kept] = await readWrites()
    expect(kept).toMatchObject({ call: 'notes.create', state: 'waiting' })
    expect(kept!.input.body).toMatchObject({ title: 'Written on the train' })

    backend.state.reachable = true
    setConnection(true)
    expect(await screen.findByText('A change made offline was saved')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('button', { name: /change waiting/ })).toBeNull())
    const saved = await screen.findByRole('article', { name: 'Written on the train' })
    expect(within(saved).queryByText('Waiting to be sent')).toBeNull()
    // Sent once, with the key it was given when it was made.
    expect(backend.state.keys).toEqual([kept!.id])
    expect(backend.state.notes.filter((n) => n.title === 'Written on the train')).toHaveLength(1)
    expect(await readWrites()).toEqual([])
  })

  it('sends what an earlier visit left waiting, and a note sent twice under one key is made once', async () => {
    storeSession()
    const backend = notesServer()
    server.use(...memberHandlers(), ...backend.handlers)
    setConnection(false)
    const first = await renderApp('/admin/notes')
    await first.screen.findByRole('heading', { name: 'Notes', level: 1 })
    await writeNote(first.screen, first.user, 'Left from yesterday')
    await first.screen.findByRole('button', { name: '1 change waiting' })
    const [kept] = await readWrites()
    // The request reached the server before the connection dropped: the server has the note.
    backend.state.reachable = true
    await fetch(new URL(`${API_PREFIX}/notes`, document.baseURI), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': kept!.id },
      body: JSON.stringify(kept!.input.body),
    })
    first.view.unmount()

    forgetLoadedWrites()
    setConnection(true)
    const { screen } = await renderApp('/admin/notes')
    expect(await screen.findByText('A change made offline was saved')).toBeTruthy()
    await screen.findByRole('article', { name: 'Left from yesterday' })
    expect(backend.state.keys).toEqual([kept!.id, kept!.id])
    expect(backend.state.notes).toHaveLength(1)
  })

  it('shows a change the server refused with its message, to retry or discard', async () => {
    storeSession()
    const backend = notesServer()
    server.use(...memberHandlers(), ...backend.handlers)
    setConnection(false)
    const { screen, user } = await renderApp('/admin/notes')
    await screen.findByRole('heading', { name: 'Notes', level: 1 })
    await writeNote(screen, user, 'Refused later')
    await screen.findByRole('button', { name: '1 change waiting' })

    backend.state.reachable = true
    backend.state.refuse = 'You have reached the limit of 500 notes'
    setConnection(true)
    await user.click(await screen.findByRole('button', { name: '1 change not saved' }))
    const list = await screen.findByRole('dialog', { name: 'Changes made offline' })
    expect(within(list).getByText('New note “Refused later”')).toBeTruthy()
    expect(within(list).getByRole('alert').textContent).toBe(
      'You have reached the limit of 500 notes',
    )

    backend.state.refuse = ''
    await user.click(within(list).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /not saved/ })).toBeNull())
    expect(backend.state.notes.map((n) => n.title)).toEqual(['Refused later'])
    // Nothing left to list: the list closes and gives the page back.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Changes made offline' })).toBeNull(),
    )
    expect(document.body.style.pointerEvents).toBe('')
  })

  it('discards a waiting change only after asking', async () => {
    storeSession()
    const backend = notesServer()
    server.use(...memberHandlers(), ...backend.handlers)
    setConnection(false)
    const { screen, user } = await renderApp('/admin/notes')
    await screen.findByRole('heading', { name: 'Notes', level: 1 })
    await writeNote(screen, user, 'Not wanted')
    await user.click(await screen.findByRole('button', { name: '1 change waiting' }))
    const list = await screen.findByRole('dialog', { name: 'Changes made offline' })
    await user.click(within(list).getByRole('button', { name: 'Discard' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Discard this change?' })
    await user.click(within(ask).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /change waiting/ })).toBeNull())
    expect(screen.queryByRole('article', { name: 'Not wanted' })).toBeNull()
    expect(await readWrites()).toEqual([])
  })

  it('deletes every waiting change when the member signs out, even offline', async () => {
    storeSession()
    const backend = notesServer()
    server.use(...memberHandlers(), ...backend.handlers)
    server.use(http.post(`${API_PREFIX}/auth/logout`, () => HttpResponse.error()))
    setConnection(false)
    const { screen, user, router } = await renderApp('/admin/notes')
    await screen.findByRole('heading', { name: 'Notes', level: 1 })
    await writeNote(screen, user, 'Private thought')
    await screen.findByRole('button', { name: '1 change waiting' })
    expect(await readWrites()).toHaveLength(1)

    // The sign-out screen, as the account menu's "Sign out" opens it (session.test.tsx presses it).
    await router.navigate({ to: '/admin/logout' })
    await screen.findByRole('heading', { name: 'Sign in' })
    await waitFor(async () => expect(await readWrites()).toEqual([]))
    expect(backend.state.notes).toEqual([])
  })
})

describe('a row added to an own sheet without a connection', () => {
  it('shows at once, takes what is typed into it, and is made once, with that text, when the connection returns', async () => {
    const member = '11111111-1111-4111-8111-111111111111'
    const rows: NicheItem[] = [
      makeNicheItem({
        id: '00000000-0000-4000-8000-000000000001',
        memberId: member,
        hook: 'Already there',
        position: 1,
      }),
    ]
    const creates: { key: string | null; body: Record<string, unknown> }[] = []
    let reachable = true
    storeSession()
    server.use(
      ...memberHandlers(makeProfile({ id: member, areas: ['niches'] })),
      http.post(`${API_PREFIX}${contract.healthNiche.create.path}`, () =>
        reachable ? undefined : HttpResponse.error(),
      ),
      handle(contract.healthNiche.list, () => ({ data: { data: rows } })),
      handle(contract.healthNiche.create, ({ body, headers }) => {
        creates.push({ key: headers.get('idempotency-key'), body: body as Record<string, unknown> })
        const item = {
          ...rows[0]!,
          hook: '',
          subNiche: '',
          audience: '',
          postFormat: '',
          ...(body as object),
          id: crypto.randomUUID(),
          memberId: member,
          niche: 'health',
          customNicheId: null,
          phone: false,
          position: rows.length + 1,
          createdAt: '2026-03-01T10:00:00.000Z',
          updatedAt: '2026-03-01T10:00:00.000Z',
        } as NicheItem
        rows.push(item)
        return { status: 201, data: { data: item } }
      }),
    )
    const { screen, user } = await renderApp('/admin/healthniche')
    const grid = await screen.findByRole('grid', { name: 'My sheet' })

    reachable = false
    setConnection(false)
    await user.click(screen.getByRole('button', { name: 'Add row' }))
    expect(await screen.findByText(SAVED_OFFLINE)).toBeTruthy()
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3))
    grid.focus()
    await user.keyboard('{ArrowDown}{Home}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{Enter}')
    await user.type(screen.getByRole('textbox', { name: 'Hook' }), 'Typed on the train{Enter}')
    await waitFor(async () =>
      expect((await readWrites())[0]?.input.body).toMatchObject({ hook: 'Typed on the train' }),
    )
    expect(await readWrites()).toHaveLength(1)
    expect(creates).toEqual([])

    reachable = true
    setConnection(true)
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]!.body).toMatchObject({ hook: 'Typed on the train' })
    expect(creates[0]!.key).toMatch(/^[0-9a-f]{32}$/)
    await waitFor(async () => expect(await readWrites()).toEqual([]))
    expect(await within(grid).findByText('Typed on the train')).toBeTruthy()
  })
})

describe('a lesson marked complete without a connection', () => {
  it('stays complete, keeps one change for the lesson however often it is marked, and sends it when the connection returns', async () => {
    const path = '/admin/training/module1/lesson2'
    const lesson = makeLesson({
      path,
      html: '<p>Intro text.</p>',
      headings: [],
      course: { key: 'training', title: 'Training', overview: '/admin/dgtraining' },
      previous: null,
      next: null,
    })
    const sent: Record<string, unknown>[] = []
    let reachable = true
    storeSession()
    server.use(
      ...memberHandlers(makeProfile({ areas: ['training'] })),
      http.put(`${API_PREFIX}/lesson/progress`, () =>
        reachable ? undefined : HttpResponse.error(),
      ),
      handle(contract.courses.lesson, () => ({ data: { data: lesson } })),
      handle(contract.courses.progress, ({ body }) => {
        sent.push(body)
        return {
          data: {
            data: {
              ...lesson.progress,
              completedAt: body.completed ? '2026-03-01T10:05:00.000Z' : null,
            },
          },
        }
      }),
    )
    const { screen, user } = await renderApp(path)
    await screen.findByRole('heading', { level: 1, name: 'Choosing your niche' })

    reachable = false
    setConnection(false)
    await user.click(screen.getByRole('button', { name: 'Mark complete' }))
    expect(await screen.findByText(SAVED_OFFLINE)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Mark as not done' }))
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }))
    await waitFor(async () => {
      const kept = await readWrites()
      expect(kept).toHaveLength(1)
      expect(kept[0]).toMatchObject({
        call: 'courses.progress',
        input: { body: { completed: true } },
      })
    })
    expect(screen.getByRole('button', { name: 'Mark as not done' })).toBeTruthy()
    expect(sent).toEqual([])

    reachable = true
    setConnection(true)
    await waitFor(() => expect(sent).toEqual([{ completed: true, position: 1 }]))
    await waitFor(async () => expect(await readWrites()).toEqual([]))
  })
})
