import { fireEvent, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { AreaKey } from '@schemas/access'
import { contract } from '@schemas/index'
import type { BioTemplateWire, InstagramBio, InstagramBioBody } from '@schemas/instagram'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// A toast of one test must be gone before the next test looks for its own.
afterEach(async () => {
  toast.dismiss()
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull())
})

const MEMBER = '11111111-1111-4111-8111-111111111111'

const TEMPLATES: BioTemplateWire[] = [
  {
    niche: 'health',
    name: 'Fill-in template',
    bio: '{topic} for {audience}.\nGrab the {freebie} below.',
    why: 'A starting point for any health topic.',
  },
  {
    niche: 'health',
    name: 'Meal prep helper',
    bio: 'Simple meal prep for busy weeks.\nFree meal-prep planner below.',
    why: 'For a food account that focuses on planning.',
  },
  {
    niche: 'wealth',
    name: 'Budget starter',
    bio: 'Budgeting for beginners 💸\nOne money habit a week.',
    why: 'For an account about first budgets.',
  },
]

let counter = 0
function makeBio(overrides: Partial<InstagramBio> = {}): InstagramBio {
  counter += 1
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    memberId: MEMBER,
    niche: 'health',
    name: `Profile ${counter}`,
    bio: `Saved bio ${counter}`,
    link: '',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

/** The member's bios as the server keeps them, with every call's body recorded. */
function biosBackend(initial: InstagramBio[] = [], areas: AreaKey[] = ['instagram']) {
  const bios = [...initial]
  const created: InstagramBioBody[] = []
  const updated: { id: string; body: InstagramBioBody }[] = []
  const removed: { id: string; body: unknown }[] = []
  const stored = (body: InstagramBioBody, base: InstagramBio) => ({
    ...base,
    niche: body.niche ?? '',
    name: body.name ?? '',
    bio: body.bio,
    link: body.link ?? '',
  })
  return {
    bios,
    created,
    updated,
    removed,
    handlers: [
      ...memberHandlers(makeProfile({ id: MEMBER, areas })),
      handle(contract.instagramBios.templates, () => ({ data: { data: TEMPLATES } })),
      handle(contract.instagramBios.list, ({ params }) =>
        params.id === MEMBER
          ? { data: { data: bios } }
          : { status: 404, message: 'Member not found' },
      ),
      handle(contract.instagramBios.create, ({ body }) => {
        created.push(body)
        const bio = stored(body, makeBio())
        bios.unshift(bio)
        return { status: 201, data: { data: bio } }
      }),
      handle(contract.instagramBios.update, ({ params, body }) => {
        updated.push({ id: params.id, body })
        const index = bios.findIndex((b) => b.id === params.id)
        if (index < 0) return { status: 404, message: 'Bio not found' }
        bios[index] = stored(body, bios[index]!)
        return { data: { data: bios[index]! } }
      }),
      handle(contract.instagramBios.remove, ({ params, body }) => {
        removed.push({ id: params.id, body })
        const index = bios.findIndex((b) => b.id === params.id)
        if (index < 0) return { status: 404, message: 'Bio not found' }
        bios.splice(index, 1)
        return { data: { data: { id: params.id } } }
      }),
    ],
  }
}

async function openBuilder(
  backend: ReturnType<typeof biosBackend>,
  path = '/admin/instagram/bio',
  overrides: ReturnType<typeof handle>[] = [],
) {
  storeSession()
  server.use(...overrides, ...backend.handlers)
  const app = await renderApp(path)
  const bio = await app.screen.findByRole('textbox', { name: 'Bio' })
  return { ...app, bio }
}

const counterText = () =>
  document.querySelector('[data-testid="bio-counter"]')!.firstChild!.textContent
const preview = () => document.querySelector('[data-testid="preview-bio"]')?.textContent

describe('/admin/instagram/bio: the bio builder', () => {
  it('counts as Instagram does: an emoji 2, a line break 1; no saving past 150', async () => {
    const backend = biosBackend()
    const { bio, screen, user } = await openBuilder(backend)
    expect(counterText()).toBe('0 / 150')

    fireEvent.change(bio, { target: { value: '💪' } })
    expect(counterText()).toBe('2 / 150')
    await user.clear(bio)
    await user.type(bio, 'Hi{Enter}there')
    expect(bio).toHaveProperty('value', 'Hi\nthere')
    expect(counterText()).toBe('8 / 150')
    expect(preview()).toBe('Hi\nthere')

    // 150 letters to the eye, 151 to Instagram.
    fireEvent.change(bio, { target: { value: `${'x'.repeat(149)}💪` } })
    expect(counterText()).toBe('151 / 150')
    const save = screen.getByRole('button', { name: 'Save bio' })
    expect(save).toHaveProperty('disabled', true)
    expect(screen.getByText(/Instagram allows 150 characters: take out 1\./)).toBeTruthy()
    expect(bio.getAttribute('aria-invalid')).toBe('true')
    // Enter in another field does not send it either.
    await user.type(screen.getByRole('textbox', { name: 'Profile name' }), 'Mia{Enter}')
    expect(backend.created).toEqual([])

    fireEvent.change(bio, { target: { value: `${'x'.repeat(145)}💪\n💪` } })
    expect(counterText()).toBe('150 / 150')
    expect(save).toHaveProperty('disabled', false)
    await user.click(save)
    await waitFor(() => expect(backend.created).toHaveLength(1))
    expect(backend.created[0]!.bio).toBe(`${'x'.repeat(145)}💪\n💪`)
    expect(await screen.findByText('Bio saved')).toBeTruthy()
  })

  it('fills the editor from a template, and the placeholder fields fill the bio live', async () => {
    const backend = biosBackend()
    const { bio, screen, user } = await openBuilder(backend)
    const list = await screen.findByRole('list', { name: 'Health bio templates' })
    const item = within(list).getByRole('listitem', { name: 'Fill-in template' })
    await user.click(within(item).getByRole('button', { name: 'Use this template' }))

    expect(bio).toHaveProperty('value', TEMPLATES[0]!.bio)
    const topic = screen.getByRole('textbox', { name: 'Topic' })
    expect(document.activeElement).toBe(topic)
    expect(screen.getByRole('combobox', { name: 'Niche' })).toHaveProperty('value', 'health')

    // Not ready while a placeholder is left.
    await user.click(screen.getByRole('button', { name: 'Save bio' }))
    expect(
      await screen.findByText(
        'Fill in Topic and Audience and Freebie below, or take {topic} and {audience} and {freebie} out of the bio.',
      ),
    ).toBeTruthy()
    expect(backend.created).toEqual([])

    await user.type(topic, 'Home workouts')
    expect(preview()).toBe('Home workouts for {audience}.\nGrab the {freebie} below.')
    await user.type(screen.getByRole('textbox', { name: 'Audience' }), 'busy parents')
    await user.type(screen.getByRole('textbox', { name: 'Freebie' }), '7-day plan')
    const filled = 'Home workouts for busy parents.\nGrab the 7-day plan below.'
    expect(preview()).toBe(filled)
    expect(counterText()).toBe(`${filled.length} / 150`)

    await user.type(screen.getByRole('textbox', { name: 'Profile name' }), 'Mia | Home workouts')
    await user.type(screen.getByRole('textbox', { name: 'Link' }), 'https://example.com/plan/')
    // The link shows as Instagram shows it; the counts are not made up.
    const profile = screen.getByRole('group', { name: 'Profile preview' })
    expect(within(profile).getByText('example.com/plan')).toBeTruthy()
    expect(within(profile).getByText('MH')).toBeTruthy()
    expect(within(profile).getByText('Posts').parentElement!.textContent).toBe(
      'PostsFollowersFollowing',
    )

    await user.click(screen.getByRole('button', { name: 'Save bio' }))
    await waitFor(() => expect(backend.created).toHaveLength(1))
    expect(backend.created[0]).toEqual({
      niche: 'health',
      name: 'Mia | Home workouts',
      bio: filled,
      link: 'https://example.com/plan/',
    })
    expect(await screen.findByText('Bio saved')).toBeTruthy()
    // The saved bio is in the list and in the editor, to change further.
    const saved = await screen.findByRole('list', { name: 'Saved bios' })
    expect(within(saved).getByText('Mia | Home workouts')).toBeTruthy()
    expect(bio).toHaveProperty('value', filled)
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy()

    // Other niches' templates are a choice away.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Templates for' }), 'wealth')
    expect(await screen.findByRole('list', { name: 'Wealth bio templates' })).toBeTruthy()
    expect(screen.getByText('Budget starter')).toBeTruthy()
  })

  it('loads a saved bio into the editor and sends the whole bio on update', async () => {
    const first = makeBio({
      name: 'Walks for desk workers',
      bio: 'Walking tips 🚶\nOne habit a week.',
    })
    const backend = biosBackend([first])
    const { bio, screen, user } = await openBuilder(backend)
    await user.click(await screen.findByRole('button', { name: 'Edit Walks for desk workers' }))
    expect(bio).toHaveProperty('value', first.bio)
    expect(document.activeElement).toBe(bio)
    await user.type(bio, '{Enter}Free sheet below.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(backend.updated).toHaveLength(1))
    expect(backend.updated[0]).toEqual({
      id: first.id,
      body: {
        niche: 'health',
        name: 'Walks for desk workers',
        bio: `${first.bio}\nFree sheet below.`,
        link: '',
      },
    })
    expect(await screen.findByText('Bio updated')).toBeTruthy()
    expect(backend.created).toEqual([])

    // Changes not saved are not dropped without asking.
    await user.type(bio, ' More.')
    const list = await screen.findByRole('list', { name: 'Health bio templates' })
    await user.click(within(list).getAllByRole('button', { name: 'Use this template' })[1]!)
    const ask = await screen.findByRole('alertdialog', { name: 'Replace what is in the editor?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(bio).toHaveProperty('value', `${first.bio}\nFree sheet below. More.`)
  })

  it('copies a saved bio, its text only, and says so', async () => {
    const first = makeBio({ name: 'Meal prep', bio: 'Simple meal prep 🥗\nPlanner below.' })
    const backend = biosBackend([first])
    const { screen, user } = await openBuilder(backend)
    await user.click(await screen.findByRole('button', { name: 'Copy Meal prep' }))
    expect(await screen.findByText('Bio copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(first.bio)

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'))
    await user.click(screen.getByRole('button', { name: 'Copy Meal prep' }))
    expect(
      await screen.findByText('Your browser did not allow copying. Select the bio and copy it.'),
    ).toBeTruthy()
  })

  it('asks before deleting a bio', async () => {
    const first = makeBio({ name: 'Keep or delete' })
    const backend = biosBackend([first])
    const { screen, user } = await openBuilder(backend)
    await user.click(await screen.findByRole('button', { name: 'Delete Keep or delete' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this bio?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(backend.removed).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete Keep or delete' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this bio?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(backend.removed).toHaveLength(1))
    expect(backend.removed[0]).toEqual({ id: first.id, body: { memberId: MEMBER } })
    expect(await screen.findByText('No saved bios yet')).toBeTruthy()
  })

  it('shows loading, then the error with a retry, then the empty list', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let failing = true
    const { screen, user } = await openBuilder(biosBackend(), '/admin/instagram/bio', [
      handle(contract.instagramBios.list, async () => {
        await gate
        return failing ? { status: 500, message: 'The database is busy' } : { data: { data: [] } }
      }),
    ])
    expect(await screen.findByText('Loading your saved bios')).toBeTruthy()
    release()
    expect(await screen.findByText('The database is busy')).toBeTruthy()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No saved bios yet')).toBeTruthy()
    expect(
      screen.getByText('Bios you save appear here, ready to copy into Instagram.'),
    ).toBeTruthy()
  })

  it('is the same builder at /admin/instagrambio', async () => {
    const { screen } = await openBuilder(biosBackend(), '/admin/instagrambio')
    expect(screen.getByRole('heading', { level: 1, name: 'Instagram bio' })).toBeTruthy()
    expect(await screen.findByRole('list', { name: 'Health bio templates' })).toBeTruthy()
  })

  it('shows the upgrade panel to a member without the Instagram tools', async () => {
    storeSession()
    server.use(...biosBackend([], ['niches']).handlers)
    const { screen } = await renderApp('/admin/instagram/bio')
    expect(await screen.findByTestId('upgrade-panel')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Bio' })).toBeNull()
  })
})
