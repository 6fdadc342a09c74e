import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { Note } from '@schemas/notes'

import { makeNote, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their route chunk on first visit; on a busy machine that can pass one second.

/** A server-side list the handlers read and change, like the real API would. */
function notesBackend(initial: Note[]) {
  const notes = [...initial]
  return {
    notes,
    handlers: [
      handle(contract.notes.list, () => ({ data: { data: notes } })),
      handle(contract.notes.create, ({ body }) => {
        const note = makeNote({
          title: body.title,
          body: body.body ?? '',
          color: body.color ?? 'yellow',
          pinned: body.pinned ?? false,
        })
        notes.unshift(note)
        return { status: 201, data: { data: note } }
      }),
      handle(contract.notes.update, ({ params, body }) => {
        const index = notes.findIndex((n) => n.id === params.id)
        if (index < 0) return { status: 404, message: 'Note not found' }
        notes[index] = { ...notes[index]!, ...body } as Note
        return { data: { data: notes[index]! } }
      }),
    ],
  }
}

describe('/admin/notes', () => {
  it('shows a spinner, then the notes as cards', async () => {
    storeSession()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      ...memberHandlers(),
      handle(contract.notes.list, async () => {
        await gate
        return { data: { data: [makeNote({ title: 'Launch checklist', pinned: true })] } }
      }),
    )
    const { screen } = await renderApp('/admin/notes')
    expect(await screen.findByText('Loading notes')).toBeTruthy()
    release()
    const card = await screen.findByRole('article', { name: 'Launch checklist' })
    expect(within(card).getByText('Pinned')).toBeTruthy()
  })

  it('offers to write the first note when there are none', async () => {
    storeSession()
    server.use(...memberHandlers(), ...notesBackend([]).handlers)
    const { screen, user } = await renderApp('/admin/notes')
    expect(await screen.findByText('No notes yet')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Write your first note' }))
    expect(await screen.findByRole('dialog', { name: 'New note' })).toBeTruthy()
  })

  it('shows the server message and retries after a failed load', async () => {
    storeSession()
    let fail = true
    server.use(
      ...memberHandlers(),
      handle(contract.notes.list, () =>
        fail
          ? { status: 500, message: 'Database unreachable' }
          : { data: { data: [makeNote({ title: 'Back again' })] } },
      ),
    )
    const { screen, user } = await renderApp('/admin/notes')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Database unreachable')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeTruthy()
  })

  it('creates a note in the dialog, checking the title first', async () => {
    storeSession()
    const backend = notesBackend([makeNote({ title: 'Existing' })])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/notes')
    await screen.findByRole('article', { name: 'Existing' })

    await user.click(screen.getByRole('button', { name: 'New note' }))
    const dialog = await screen.findByRole('dialog', { name: 'New note' })
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }))
    expect(await within(dialog).findByText('Title is required')).toBeTruthy()

    await user.type(within(dialog).getByLabelText(/Title/), 'Hooks that worked')
    await user.type(within(dialog).getByLabelText('Note'), 'Nobody tells you this')
    await user.click(within(dialog).getByRole('radio', { name: 'Blue' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pin to the top' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }))

    // The save's toast, looked up as a list (a full run once found it drawn twice); the note
    // itself is made once.
    expect(await screen.findAllByText('Note added')).not.toHaveLength(0)
    const card = await screen.findByRole('article', { name: 'Hooks that worked' })
    expect(backend.notes).toHaveLength(2)
    expect(within(card).getByText('Pinned')).toBeTruthy()
    expect(backend.notes[0]).toMatchObject({
      title: 'Hooks that worked',
      body: 'Nobody tells you this',
      color: 'blue',
      pinned: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New note' })).toBeNull())
  })

  it('puts a field message from the server next to its field', async () => {
    storeSession()
    const backend = notesBackend([makeNote({ title: 'Existing' })])
    // The first matching handler answers, so the refusal goes before the backend's.
    server.use(
      ...memberHandlers(),
      handle(contract.notes.update, () => ({
        status: 400,
        message: 'title: Title is at most 200 characters',
      })),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/notes')
    await user.click(await screen.findByRole('button', { name: 'Edit note Existing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' })
    expect((within(dialog).getByLabelText(/Title/) as HTMLInputElement).value).toBe('Existing')
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }))
    expect(await within(dialog).findByText('Title is at most 200 characters')).toBeTruthy()
  })

  /** A signed-in member with two notes to search. */
  const twoNotes = () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      ...notesBackend([
        makeNote({ title: 'Niche ideas', body: 'woodworking for beginners' }),
        makeNote({ title: 'Launch checklist' }),
      ]).handlers,
    )
  }

  it('filters the cards locally as the member types', async () => {
    twoNotes()
    const { screen, user } = await renderApp('/admin/notes')
    await screen.findByRole('article', { name: 'Niche ideas' })
    await user.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'woodwork')
    expect(screen.queryByRole('article', { name: 'Launch checklist' })).toBeNull()
    expect(screen.getByRole('article', { name: 'Niche ideas' })).toBeTruthy()
    await user.clear(screen.getByRole('searchbox', { name: 'Search notes' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'zzz')
    expect(screen.getByText('No notes match “zzz”')).toBeTruthy()
  })

  it('keeps the search in the address: a link with it opens on the notes it finds', async () => {
    twoNotes()
    const { screen, user, router } = await renderApp('/admin/notes?search=launch')
    await screen.findByRole('article', { name: 'Launch checklist' })
    const box = screen.getByRole('searchbox', { name: 'Search notes' }) as HTMLInputElement
    expect(box.value).toBe('launch')
    expect(screen.queryByRole('article', { name: 'Niche ideas' })).toBeNull()

    await user.clear(box)
    await user.type(box, 'wood')
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'wood' }))
    expect(screen.getByRole('article', { name: 'Niche ideas' })).toBeTruthy()
    await user.clear(box)
    await user.type(box, 'zzz')
    await user.click(await screen.findByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(screen.getAllByRole('article')).toHaveLength(2)
  })

  it('asks before deleting, and the note leaves before the server answers', async () => {
    storeSession()
    const backend = notesBackend([makeNote({ title: 'Old idea' }), makeNote({ title: 'Keep me' })])
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      ...memberHandlers(),
      ...backend.handlers,
      handle(contract.notes.remove, async ({ params }) => {
        await answered
        backend.notes.splice(
          backend.notes.findIndex((n) => n.id === params.id),
          1,
        )
        return { data: { data: { id: params.id } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/notes')
    await user.click(await screen.findByRole('button', { name: 'Delete note Old idea' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this note?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('article', { name: 'Old idea' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Delete note Old idea' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old idea' })).toBeNull())
    answer()
    expect(await screen.findByText('Note deleted')).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Keep me' })).toBeTruthy()
  })

  it('brings a note back when the server refuses to delete it', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      ...notesBackend([makeNote({ title: 'Stubborn' })]).handlers,
      handle(contract.notes.remove, () => ({ status: 404, message: 'Note not found' })),
    )
    const { screen, user } = await renderApp('/admin/notes')
    await user.click(await screen.findByRole('button', { name: 'Delete note Stubborn' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Note not found')).toBeTruthy()
    expect(await screen.findByRole('article', { name: 'Stubborn' })).toBeTruthy()
  })
})
