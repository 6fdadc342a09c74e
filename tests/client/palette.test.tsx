import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { Course, SearchHit } from '@schemas/courses'
import { contract } from '@schemas/index'

import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const NOTE_ID = '00000000-0000-4000-8000-000000000042'

const course: Course = {
  key: 'training',
  title: 'Digital-marketing training',
  summary: 'The basics.',
  area: 'training',
  overview: '/admin/dgtraining',
  locked: false,
  modules: [
    { number: 1, title: 'Foundations', completion: { completed: 0, total: 2 }, check: null },
  ],
  completion: { completed: 0, total: 2 },
  lessons: [
    {
      path: '/admin/training/module1/lesson1',
      kind: 'lesson',
      title: 'How affiliate marketing works',
      summary: 'The parties.',
      module: 1,
      order: 1,
      readingMinutes: 4,
      hasVideo: false,
      completed: false,
      locked: false,
      lockedReason: null,
      opensAt: null,
    },
    {
      path: '/admin/training/module1/lesson2',
      kind: 'lesson',
      title: 'Choosing your niche',
      summary: 'Sub-niches.',
      module: 1,
      order: 2,
      readingMinutes: 4,
      hasVideo: false,
      completed: false,
      locked: true,
      lockedReason: 'area',
      opensAt: null,
    },
  ],
}

const hits: SearchHit[] = [
  {
    kind: 'note',
    path: `/admin/notes?note=${NOTE_ID}`,
    title: 'Webinar outline',
    context: 'Note',
    snippet: 'Open with the gravity story',
    marks: [[14, 21]],
    locked: false,
  },
]

function setup() {
  storeSession()
  const searched: string[] = []
  server.use(
    ...memberHandlers(),
    handle(contract.courses.list, () => ({ data: { data: { courses: [course], resume: null } } })),
    handle(contract.courses.search, ({ url }) => {
      searched.push(url.searchParams.get('q') ?? '')
      return { data: { data: hits } }
    }),
    handle(contract.notes.list, () => ({
      data: {
        data: [
          {
            id: NOTE_ID,
            title: 'Webinar outline',
            body: 'Open with the gravity story',
            color: 'yellow' as const,
            pinned: false,
            createdAt: '2026-03-01T10:00:00.000Z',
            updatedAt: '2026-03-01T10:00:00.000Z',
          },
        ],
      },
    })),
  )
  return searched
}

describe('the search palette', () => {
  it('opens with Ctrl K, filters screens and lessons, finds text and opens a hit with the keyboard', async () => {
    const searched = setup()
    const { screen, user, router } = await renderApp('/admin/dashboard')
    await screen.findByTestId('resume-card')
    await user.keyboard('{Control>}k{/Control}')
    const input = await screen.findByRole('combobox', {
      name: 'Search screens, lessons, notes and the community',
    })
    await waitFor(() => expect(document.activeElement).toBe(input))
    // Empty: every screen is offered, in the render after the dialog's own.
    expect(
      await within(screen.getByRole('listbox')).findByRole('option', { name: /^Notes/ }),
    ).toBeTruthy()

    await user.type(input, 'niche')
    const listbox = screen.getByRole('listbox')
    const lessons = await within(listbox).findByRole('group', { name: 'Lessons' })
    const locked = within(lessons).getByRole('option', { name: /Choosing your niche/ })
    expect(within(locked).getByText('Locked')).toBeTruthy()

    await user.clear(input)
    await user.type(input, 'gravity')
    const found = await within(listbox).findByRole('group', { name: 'Found in the text' })
    const hit = within(found).getByRole('option', { name: /Webinar outline/ })
    expect(hit.querySelector('mark')?.textContent).toBe('gravity')
    await waitFor(() => expect(searched).toContain('gravity'))

    // Only the hit matches "gravity": it is the first option.
    expect(input.getAttribute('aria-activedescendant')).toBe(hit.id)
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notes'))
    expect(router.state.location.search).toEqual({ note: NOTE_ID })
    // The note opens in its dialog.
    expect(await screen.findByDisplayValue('Webinar outline')).toBeTruthy()
  })

  it('opens from the top bar button and closes with Escape', async () => {
    setup()
    const { screen, user } = await renderApp('/admin/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Search (Ctrl K)' }))
    expect(await screen.findByRole('combobox')).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())
  })

  it('says when nothing matches', async () => {
    setup()
    server.use(handle(contract.courses.search, () => ({ data: { data: [] } })))
    const { screen, user } = await renderApp('/admin/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Search (Ctrl K)' }))
    await user.type(await screen.findByRole('combobox'), 'zzqx')
    expect(await screen.findByText('No results for “zzqx”')).toBeTruthy()
  })
})
