import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { NicheItem } from '@schemas/niche-items'
import type { LibraryFile, LibraryRow } from '@schemas/niches'
import { navGroups } from '@/components/layout/nav-items'
import { POST_TEXT_REQUIRED } from '@/features/phone/post-checks'

import { makeProfile, storeSession } from './factories'
import { memberHandlers, phoneHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their route chunk on first visit; on a busy machine that can pass one second.

function makeRow(overrides: Partial<LibraryRow> = {}): LibraryRow {
  return {
    subNiche: 'Home workouts for busy parents',
    audience: 'Parents of young children with 20 spare minutes a day',
    pain: 'No time or childcare to get to a gym',
    offerCategory: 'Home workout video programs',
    hook: "You don't need a gym. You need 20 minutes.",
    postFormat: 'reel',
    postIdea: 'Film a real 20-minute living-room routine in 4 clips.',
    cta: 'Save this for tomorrow morning.',
    hashtags: '#homeworkout #busymom',
    note: '',
    ...overrides,
  }
}

const healthLibrary: LibraryFile = {
  niche: 'health',
  title: 'Health and fitness',
  rows: [
    makeRow(),
    makeRow({
      subNiche: 'Better sleep habits for adults',
      audience: 'Adults who wake up tired',
      pain: 'I lie awake until 2 a.m. every night',
      offerCategory: 'Sleep programs',
      hook: 'Three things to stop doing an hour before bed.',
      postFormat: 'carousel',
      postIdea: 'One slide per habit, with what to do instead.',
      cta: 'Save this for tonight.',
      hashtags: '#sleep #sleepbetter',
    }),
  ],
}

const olderPost: NicheItem = {
  id: '00000000-0000-4000-9000-000000000099',
  memberId: 'member-1',
  niche: 'wealth',
  customNicheId: null,
  phone: true,
  subNiche: '',
  audience: '',
  pain: '',
  offerCategory: '',
  hook: 'An older wealth post',
  postFormat: '',
  postIdea: 'Budget in five minutes a week.',
  cta: '',
  hashtags: '',
  status: 'idea',
  link: '',
  note: '',
  position: 0,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
}

const withNiches = () => memberHandlers(makeProfile({ areas: ['niches'] }))

/** A health draft in this tab, as step 1 leaves it after an angle was picked. */
function storeDraft(overrides: Record<string, unknown> = {}) {
  const row = healthLibrary.rows[1]!
  sessionStorage.setItem(
    'phone-draft:health',
    JSON.stringify({
      angle: {
        subNiche: row.subNiche,
        audience: row.audience,
        pain: row.pain,
        offerCategory: row.offerCategory,
      },
      hook: row.hook,
      postIdea: row.postIdea,
      postFormat: row.postFormat,
      cta: row.cta,
      hashtags: row.hashtags,
      ...overrides,
    }),
  )
}

describe('phone flow', () => {
  it('lists the library angles by sub-niche, and a chosen angle fills step 2', async () => {
    storeSession()
    const backend = phoneHandlers([healthLibrary])
    server.use(...withNiches(), ...backend.handlers)
    const { screen, user, router } = await renderApp('/admin/mobquickhealth')

    expect(await screen.findByText('Step 1 of 3: Pick an angle')).toBeTruthy()
    const sleep = await screen.findByRole('region', { name: 'Better sleep habits for adults' })
    expect(within(sleep).getByText('Pain: I lie awake until 2 a.m. every night')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Start from a blank post/ })).toBeTruthy()

    // The sub-niche filter leaves one group.
    await user.selectOptions(
      screen.getByLabelText('Sub-niche'),
      'Better sleep habits for adults (1)',
    )
    expect(screen.queryByRole('region', { name: 'Home workouts for busy parents' })).toBeNull()

    await user.click(
      within(sleep).getByRole('button', { name: /Three things to stop doing an hour before bed/ }),
    )
    expect(await screen.findByText('Step 2 of 3: Write the post')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/mobquickhealth2')
    expect((screen.getByLabelText('Hook') as HTMLTextAreaElement).value).toBe(
      'Three things to stop doing an hour before bed.',
    )
    expect((screen.getByLabelText('Post text') as HTMLTextAreaElement).value).toBe(
      'One slide per habit, with what to do instead.',
    )
    expect((screen.getByLabelText('Post format') as HTMLSelectElement).value).toBe('carousel')
    expect(JSON.parse(sessionStorage.getItem('phone-draft:health')!).angle.subNiche).toBe(
      'Better sleep habits for adults',
    )
  })

  it('offers a draft in progress as a link to step 2', async () => {
    storeSession()
    storeDraft({ hook: 'My half-written hook' })
    server.use(...withNiches(), ...phoneHandlers([healthLibrary]).handlers)
    const { screen, user, router } = await renderApp('/admin/mobquickhealth')
    const draft = await screen.findByRole('link', { name: /Continue your draft/ })
    expect(draft.getAttribute('href')).toBe('/admin/mobquickhealth2')
    expect(draft.textContent).toContain('My half-written hook')
    await user.click(draft)
    expect(await screen.findByText('Step 2 of 3: Write the post')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/mobquickhealth2')
  })

  it('sends step 2 opened without a draft back to step 1', async () => {
    storeSession()
    server.use(...withNiches(), ...phoneHandlers([healthLibrary]).handlers)
    const { screen, router } = await renderApp('/admin/mobquickhealth2')
    expect(await screen.findByText('Step 1 of 3: Pick an angle')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/mobquickhealth')
  })

  it('counts hashtags and stops the post past 30 of them', async () => {
    storeSession()
    storeDraft({ hashtags: '' })
    server.use(...withNiches(), ...phoneHandlers([healthLibrary]).handlers)
    const { screen, user } = await renderApp('/admin/mobquickhealth2')

    const hashtags = await screen.findByLabelText('Hashtags')
    expect(screen.getByText('0 / 30 hashtags')).toBeTruthy()
    await user.click(hashtags)
    await user.paste('#sleep #rest #calm')
    expect(screen.getByText('3 / 30 hashtags')).toBeTruthy()
    const chips = screen.getByRole('list', { name: 'Hashtags in this post' })
    expect(within(chips).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByText('At most 30 hashtags')).toBeNull()

    await user.clear(hashtags)
    await user.paste(Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' '))
    expect(screen.getByText('31 / 30 hashtags')).toBeTruthy()
    expect(screen.getByText('At most 30 hashtags')).toBeTruthy()
    expect(hashtags.getAttribute('aria-invalid')).toBe('true')

    // Next stays on step 2 while the check fails.
    await user.click(screen.getByRole('button', { name: 'Next: review' }))
    expect(screen.getByText('Step 2 of 3: Write the post')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Remove #tag30' }))
    expect(screen.getByText('30 / 30 hashtags')).toBeTruthy()
    expect(screen.queryByText('At most 30 hashtags')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Next: review' }))
    expect(await screen.findByText('Step 3 of 3: Review and save')).toBeTruthy()
  })

  it('tells of a missing post text once the field is left, and Next puts the cursor there', async () => {
    storeSession()
    storeDraft({ postIdea: '' })
    server.use(...withNiches(), ...phoneHandlers([healthLibrary]).handlers)
    const { screen, user } = await renderApp('/admin/mobquickhealth2')

    const text = await screen.findByLabelText('Post text')
    expect(screen.queryByText(POST_TEXT_REQUIRED)).toBeNull()
    await user.click(text)
    await user.tab()
    expect(screen.getByText(POST_TEXT_REQUIRED)).toBeTruthy()
    expect(text.getAttribute('aria-invalid')).toBe('true')

    // Typed in, the message goes at once; cleared again and sent, the cursor goes back to it.
    await user.click(text)
    await user.type(text, 'Swap the phone for a book')
    expect(screen.queryByText(POST_TEXT_REQUIRED)).toBeNull()
    expect(JSON.parse(sessionStorage.getItem('phone-draft:health')!).postIdea).toBe(
      'Swap the phone for a book',
    )
    await user.clear(text)
    await user.click(screen.getByRole('button', { name: 'Next: review' }))
    expect(screen.getByText('Step 2 of 3: Write the post')).toBeTruthy()
    expect(document.activeElement).toBe(text)
    expect(screen.getByText(POST_TEXT_REQUIRED)).toBeTruthy()
  })

  it('saves to /api/healthmob with the angle and the post, then lists the saved posts', async () => {
    storeSession()
    storeDraft({ postIdea: '  One slide per habit.  ', hashtags: '#sleep   #rest' })
    const backend = phoneHandlers([healthLibrary], [olderPost])
    server.use(...withNiches(), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/mobquickhealth3')

    const preview = await screen.findByRole('article', { name: 'Post preview' })
    expect(within(preview).getByText('Three things to stop doing an hour before bed.')).toBeTruthy()
    expect(within(preview).getByText('#sleep #rest')).toBeTruthy()
    expect(within(preview).getByRole('link', { name: 'Edit hook' }).getAttribute('href')).toBe(
      '/admin/mobquickhealth2#hook',
    )

    await user.click(screen.getByRole('button', { name: 'Save post' }))
    expect(await screen.findByRole('heading', { name: 'Post saved' })).toBeTruthy()
    expect(backend.created).toEqual([
      {
        niche: 'health',
        body: {
          subNiche: 'Better sleep habits for adults',
          audience: 'Adults who wake up tired',
          pain: 'I lie awake until 2 a.m. every night',
          offerCategory: 'Sleep programs',
          hook: 'Three things to stop doing an hour before bed.',
          postIdea: 'One slide per habit.',
          postFormat: 'carousel',
          cta: 'Save this for tonight.',
          hashtags: '#sleep #rest',
        },
      },
    ])
    expect(sessionStorage.getItem('phone-draft:health')).toBeNull()

    const saved = await screen.findByRole('region', { name: 'Your saved phone posts' })
    await within(saved).findByText('An older wealth post')
    const items = within(saved).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]!.textContent).toContain('Three things to stop doing an hour before bed.')
    expect(items[1]!.textContent).toContain('An older wealth post')

    await user.click(screen.getByRole('link', { name: 'Write another post' }))
    expect(await screen.findByText('Step 1 of 3: Pick an angle')).toBeTruthy()
  })

  it('keeps the post and shows the server message when saving fails, then retries', async () => {
    storeSession()
    storeDraft({ postIdea: 'Text I typed on the bus' })
    const backend = phoneHandlers([healthLibrary])
    server.use(...withNiches(), ...backend.handlers)
    server.use(
      handle(contract.phoneItems.createHealth, () => ({
        status: 500,
        message: 'The database is not answering',
      })),
    )
    const { screen, user } = await renderApp('/admin/mobquickhealth3')

    await user.click(await screen.findByRole('button', { name: 'Save post' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your post was not saved')
    expect(alert.textContent).toContain('The database is not answering')
    const preview = screen.getByRole('article', { name: 'Post preview' })
    expect(within(preview).getByText('Text I typed on the bus')).toBeTruthy()
    expect(JSON.parse(sessionStorage.getItem('phone-draft:health')!).postIdea).toBe(
      'Text I typed on the bus',
    )

    // The server answers again: the same post goes out on retry.
    server.use(...backend.handlers)
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Post saved' })).toBeTruthy()
    expect(backend.created.map((call) => call.body.postIdea)).toEqual(['Text I typed on the bus'])
  })
})

describe('/admin/mobilenav', () => {
  it('shows a big tile for every sidebar entry, locks included, and the quick posts', async () => {
    storeSession()
    server.use(...memberHandlers(makeProfile({ areas: ['bonus'] })))
    const { screen } = await renderApp('/admin/mobilenav')

    await screen.findByRole('heading', { name: 'Phone home', level: 1 })
    const main = screen.getByRole('main')
    await waitFor(() =>
      expect(within(main).getByRole('link', { name: 'Quick post: health (locked)' })).toBeTruthy(),
    )
    for (const group of navGroups) {
      for (const item of group.items) {
        if (item.adminOnly || item.path === '/admin/mobilenav') continue
        const locked = item.area !== undefined && item.area !== 'bonus'
        const link = within(main).getByRole('link', {
          name: locked ? `${item.label} (locked)` : item.label,
        })
        expect(link.getAttribute('href')).toBe(item.path)
      }
    }
    expect(within(main).queryByRole('link', { name: 'Members and access' })).toBeNull()
    expect(
      within(main).getByRole('link', { name: 'Quick post: craft (locked)' }).getAttribute('href'),
    ).toBe('/admin/mobcraft')
  })
})
