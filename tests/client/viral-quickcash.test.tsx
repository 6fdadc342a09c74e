import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { AreaKey } from '@schemas/access'
import { contract } from '@schemas/index'
import type { QuickCashFile, QuickPlan, ViralFile } from '@schemas/tool-content'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const MEMBER = '22222222-2222-4222-8222-222222222222'

const viral: ViralFile = {
  title: 'Viral post ideas',
  intro: 'Post formats with a hook formula to fill in and a worked example.',
  ideas: [
    {
      slug: 'listicle-carousel',
      title: 'The numbered list carousel',
      format: 'carousel',
      hook: '[Number] [things] every [audience] should know about [topic]',
      whyItWorks: 'A number promises a clear, finite payoff, so people swipe to the end.',
      steps: [
        'Pick a topic your audience asks about again and again.',
        'Slide 1 holds only the hook in big text.',
        'Give each point its own slide.',
      ],
      example: {
        niche: 'woodworking',
        hook: '7 hand tools every beginner woodworker should own',
        outline: 'Slide 1: the hook. Slides 2-8: one tool each. Slide 9: save this.',
      },
      mistakes: ['Cramming three points onto one slide.'],
      bestFor: ['saves', 'shares'],
    },
    {
      slug: 'day-in-the-life-reel',
      title: 'A day in the life',
      format: 'reel',
      hook: 'A day in my life as a [role] who [situation]',
      whyItWorks: 'People are curious about how others live and work.',
      steps: [
        'Film short clips through one ordinary day.',
        'Cut them to one or two seconds each.',
        'Add one line of text per clip.',
      ],
      example: {
        niche: 'health',
        hook: 'A day in my life as a nurse who works out in 20 minutes',
        outline: 'Morning walk, packed lunch, a 20-minute living-room circuit, lights out.',
      },
      mistakes: ['Showing a life the audience cannot relate to.'],
      bestFor: ['reach'],
    },
    {
      slug: 'myth-vs-fact',
      title: 'Myth vs fact',
      format: 'carousel',
      hook: 'Myth: [common belief]. Fact: [what is actually true].',
      whyItWorks: 'People love to check whether they believed the myth.',
      steps: [
        'List beliefs your audience repeats.',
        'Slide 1: the myth. Slide 2: the fact.',
        'Name your source.',
      ],
      example: {
        niche: 'wealth',
        hook: 'Myth: you need a big salary to save. Fact: a habit matters more.',
        outline: 'Slide 1: the myth. Slide 2: the fact. Slide 3: a weekly habit.',
      },
      mistakes: ['Correcting a myth with another unsourced claim.'],
      bestFor: ['comments'],
    },
  ],
}

const days = (channel: string): QuickPlan['days'] =>
  [
    'Pick one offer and read its refund terms.',
    `Set up your ${channel} profile with a disclosure.`,
    'List 15 questions your audience asks.',
    'Make and post your first two posts.',
    'Post again and answer every comment.',
    'Post once more with a link to your page.',
    'Review the week and plan the next one.',
  ].map((task, i) => ({ day: i + 1, task, detail: `What to do on day ${i + 1} on ${channel}.` }))

const quickCash: QuickCashFile = {
  title: '7-day quick-start plans',
  intro: 'Each plan pairs one type of offer with one free traffic channel.',
  plans: [
    {
      slug: 'fitness-reels',
      title: 'Home fitness offers with Instagram Reels',
      offerType: 'Health & Fitness',
      traffic: 'Instagram Reels',
      summary: 'Post short, useful workout reels for a week.',
      whoFor: 'Beginners who already use Instagram.',
      days: days('Instagram'),
      checklist: [
        'One product chosen after reading the sales page',
        'Link page with the affiliate link labelled',
        'Four or more reels posted',
      ],
      watchOut: ['Never promise weight loss or health outcomes.'],
    },
    {
      slug: 'woodworking-pinterest',
      title: 'Woodworking plans on Pinterest',
      offerType: 'Home & Garden',
      traffic: 'Pinterest',
      summary: 'Pin project ideas that lead to your own page.',
      whoFor: 'Beginners who prefer graphics to filming.',
      days: days('Pinterest'),
      checklist: [
        'One plan bundle chosen',
        'Three boards with searchable names',
        'Ten pins published',
      ],
      watchOut: ['Pin only your own photos or ones you may use.'],
    },
  ],
}

function openAs(areas: AreaKey[]) {
  storeSession()
  server.use(
    ...memberHandlers(makeProfile({ id: MEMBER, areas })),
    handle(contract.tools.viral, () => ({ data: { data: viral } })),
    handle(contract.tools.quickCash, () => ({ data: { data: quickCash } })),
  )
}

describe('/admin/sheet/viral: the viral post ideas', () => {
  it('filters by format and links each idea to its page', async () => {
    openAs(['quickCash'])
    const { screen, user } = await renderApp('/admin/sheet/viral')
    const table = await screen.findByRole('table', { name: 'Viral post ideas' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)

    await user.selectOptions(screen.getByLabelText('Format'), 'carousel')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).queryByRole('link', { name: 'A day in the life' })).toBeNull()
    expect(screen.getByText('2 of 3 ideas')).toBeTruthy()

    await user.selectOptions(screen.getByLabelText('Best for'), 'comments')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))

    const link = within(table).getByRole('link', { name: 'Myth vs fact' })
    expect(link.getAttribute('href')).toBe('/admin/sheet/viralpage?id=myth-vs-fact')
    await user.click(link)
    expect(await screen.findByRole('heading', { name: 'Myth vs fact', level: 1 })).toBeTruthy()
  })

  it('finds ideas by a word of their hook', async () => {
    openAs(['quickCash'])
    const { screen, user } = await renderApp('/admin/sheet/viral')
    const table = await screen.findByRole('table', { name: 'Viral post ideas' })
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'situation')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getByRole('link', { name: 'A day in the life' })).toBeTruthy()
  })

  it("empties the search box when the sidebar's link opens the sheet afresh", async () => {
    openAs(['quickCash'])
    const { screen, user } = await renderApp('/admin/sheet/viral?q=situation')
    const table = await screen.findByRole('table', { name: 'Viral post ideas' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    const nav = screen.getByRole('navigation', { name: /main/i })
    await user.click(within(nav).getByRole('link', { name: 'Viral post ideas' }))
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', ''),
    )
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(2)
  })

  it('shows the upgrade panel to a member without quick cash', async () => {
    openAs(['niches'])
    const { screen } = await renderApp('/admin/sheet/viral')
    expect(await screen.findByTestId('upgrade-panel')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('/admin/sheet/viralpage: one idea', () => {
  it('shows the hook, the steps in order and the example, with the ideas next to it', async () => {
    openAs(['quickCash'])
    const { screen } = await renderApp('/admin/sheet/viralpage?id=day-in-the-life-reel')
    await screen.findByRole('heading', { name: 'A day in the life', level: 1 })
    expect(screen.getByText('A day in my life as a [role] who [situation]')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy hook' })).toBeTruthy()
    const steps = screen.getByRole('heading', { name: 'Steps' }).closest('.chakra-card__root')!
    const list = within(steps as HTMLElement).getByRole('list')
    expect(list.tagName).toBe('OL')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(viral.ideas[1]!.steps)
    expect(screen.getByText(viral.ideas[1]!.example.hook)).toBeTruthy()
    expect(screen.getByText(viral.ideas[1]!.mistakes[0]!)).toBeTruthy()

    const others = screen.getByRole('navigation', { name: 'Other ideas' })
    expect(
      within(others)
        .getByRole('link', { name: /Previous idea/ })
        .getAttribute('href'),
    ).toBe('/admin/sheet/viralpage?id=listicle-carousel')
    expect(
      within(others)
        .getByRole('link', { name: /Next idea/ })
        .getAttribute('href'),
    ).toBe('/admin/sheet/viralpage?id=myth-vs-fact')
  })

  it('opened from its address alone, shows the first idea', async () => {
    openAs(['quickCash'])
    const { screen } = await renderApp('/admin/sheet/viralpage')
    await screen.findByRole('heading', { name: viral.ideas[0]!.title, level: 1 })
    expect(screen.getByText(viral.ideas[0]!.hook)).toBeTruthy()
    expect(screen.queryByText('Idea not found')).toBeNull()
  })

  it('says so for an unknown idea and links back to the sheet', async () => {
    openAs(['quickCash'])
    const { screen, user } = await renderApp('/admin/sheet/viralpage?id=no-such-idea')
    expect(await screen.findByRole('heading', { name: 'Idea not found', level: 1 })).toBeTruthy()
    await user.click(screen.getByRole('link', { name: 'Back to the viral post ideas' }))
    expect(await screen.findByRole('table', { name: 'Viral post ideas' })).toBeTruthy()
  })
})

describe('/admin/quickcash/viralspreadsheet: the quick-start plans', () => {
  it("shows a chosen plan's 7 days and keeps a ticked checklist item", async () => {
    openAs(['quickCash'])
    const first = await renderApp('/admin/quickcash/viralspreadsheet')
    const { screen, user } = first
    const sheet = await screen.findByRole('table', { name: 'Quick-start plans' })

    await user.selectOptions(screen.getByLabelText('Traffic channel'), 'Pinterest')
    await waitFor(() => expect(within(sheet).getAllByRole('row')).toHaveLength(2))
    await user.selectOptions(screen.getByLabelText('Traffic channel'), '')
    await waitFor(() => expect(within(sheet).getAllByRole('row')).toHaveLength(3))

    await user.click(
      within(sheet).getByRole('link', { name: 'Home fitness offers with Instagram Reels' }),
    )
    const days = await screen.findByRole('table', {
      name: 'Days of Home fitness offers with Instagram Reels',
    })
    const rows = within(days).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(7)
    expect(within(rows[0]!).getByText('Pick one offer and read its refund terms.')).toBeTruthy()
    expect(within(rows[6]!).getByText('What to do on day 7 on Instagram.')).toBeTruthy()
    expect(screen.getByText(/Your progress is kept in this browser/)).toBeTruthy()
    expect(screen.getByText('Never promise weight loss or health outcomes.')).toBeTruthy()

    const item = 'Link page with the affiliate link labelled'
    await user.click(screen.getByRole('checkbox', { name: item }))
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: item }) as HTMLInputElement).checked).toBe(true),
    )

    // Drawn afresh, as after a reload: the tick is still there, and only on this plan.
    first.view.unmount()
    const again = await renderApp('/admin/quickcash/viralspreadsheet?plan=fitness-reels')
    const box = await again.screen.findByRole('checkbox', { name: item })
    expect((box as HTMLInputElement).checked).toBe(true)
    expect(
      (
        again.screen.getByRole('checkbox', {
          name: 'Four or more reels posted',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false)
  })
})

describe('/admin/mobquickcash: the plans on a phone', () => {
  it('lists the plans, opens one and ticks its days off', async () => {
    openAs(['quickCash'])
    const { screen, user } = await renderApp('/admin/mobquickcash')
    const list = await screen.findByRole('list', { name: 'Quick-start plans' })
    expect(within(list).getAllByRole('button')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/mobilenav')

    await user.click(within(list).getByRole('button', { name: /Woodworking plans on Pinterest/ }))
    expect(
      await screen.findByRole('heading', { name: 'Woodworking plans on Pinterest', level: 2 }),
    ).toBeTruthy()
    const steps = within(screen.getByRole('list', { name: 'Your 7 days' })).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent!.slice(0, 5))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((day) => `Day ${day}`),
    )
    expect(screen.getByText('Pin only your own photos or ones you may use.')).toBeTruthy()

    await user.click(screen.getByRole('checkbox', { name: 'Day 2 Done' }))
    expect(await screen.findByText('1 of 7 done')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'All plans' }))
    expect(await screen.findByText('1 of 7 days done')).toBeTruthy()
  })
})
