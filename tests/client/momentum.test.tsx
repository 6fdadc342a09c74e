import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { Leaderboard } from '@schemas/leaderboard'
import type { Momentum } from '@schemas/momentum'

import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const momentum = (overrides: Partial<Momentum> = {}): Momentum => ({
  points: 25,
  level: 3,
  next: { level: 4, at: 65, missing: 40 },
  streak: { days: 4, today: false },
  timeZone: 'Europe/Berlin',
  listed: false,
  remindersChosen: true,
  ...overrides,
})

const board = (period: Leaderboard['period'], listed: boolean): Leaderboard => ({
  period,
  rows: [
    { rank: 1, memberId: 'm-9', name: 'Nia Top', photoUrl: null, level: 5, points: 180 },
    ...(listed
      ? [
          {
            rank: 2,
            memberId: 'member-1',
            name: 'Mia Member',
            photoUrl: null,
            level: 3,
            points: 25,
          },
        ]
      : []),
  ],
  you: { rank: listed ? 2 : null, points: 25, listed },
})

describe('momentum on the dashboard', () => {
  it('shows the level, the points the next one needs and the streak, linking to the leaderboard', async () => {
    storeSession()
    server.use(...memberHandlers())
    const { screen } = await renderApp('/admin/dashboard')
    const card = await screen.findByTestId('momentum-card')
    expect(await within(card).findByRole('heading', { name: 'Level 3 · 25 points' })).toBeTruthy()
    expect(
      within(card).getByText('40 points to level 4 · 2-day streak: you learned today.'),
    ).toBeTruthy()
    expect(within(card).getByRole('progressbar', { name: 'Points towards level 4' })).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Leaderboard' }).getAttribute('href')).toBe(
      '/admin/leaderboard',
    )
  })

  it('gives the browser’s time zone to a member who has none, once', async () => {
    storeSession()
    const sent: unknown[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.momentum.momentum, () => ({
        data: { data: momentum({ timeZone: sent.length ? 'Asia/Tokyo' : null }) },
      })),
      handle(contract.momentum.momentumSettings, ({ body }) => {
        sent.push(body)
        return { data: { data: momentum({ timeZone: 'Asia/Tokyo' }) } }
      }),
    )
    const { screen } = await renderApp('/admin/dashboard')
    await screen.findByTestId('momentum-card')
    await waitFor(() =>
      expect(sent).toEqual([{ browserTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]),
    )
  })
})

describe('/admin/leaderboard', () => {
  it('ranks the members of each period, and puts the member on it when they choose', async () => {
    storeSession()
    let listed = false
    const periods: string[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.momentum.momentum, () => ({ data: { data: momentum({ listed }) } })),
      handle(contract.leaderboard.leaderboard, ({ url }) => {
        const period = (url.searchParams.get('period') ?? '7d') as Leaderboard['period']
        periods.push(period)
        return { data: { data: board(period, listed) } }
      }),
      handle(contract.momentum.momentumSettings, ({ body }) => {
        listed = body.listed ?? listed
        return { data: { data: momentum({ listed }) } }
      }),
      handle(contract.leaderboard.areaUnlocks, () => ({
        data: { data: [{ area: 'niches' as const, level: 3 }] },
      })),
    )
    const { screen, user } = await renderApp('/admin/leaderboard')
    expect(
      await screen.findByRole('heading', { name: 'You are level 3 with 25 points' }),
    ).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Leaderboard, last 7 days' })
    expect(within(table).getByText('Nia Top')).toBeTruthy()
    expect(screen.getByText(/You are not on the leaderboard/)).toBeTruthy()
    expect(screen.getByText(/Niche sheets at level 3/)).toBeTruthy()

    await user.click(screen.getByRole('checkbox', { name: /Show me on the leaderboard/ }))
    expect(
      await screen.findByText('You are in place 2 with 25 points in this period.'),
    ).toBeTruthy()
    const mine = screen.getByRole('row', { current: true })
    expect(within(mine).getByText('Mia Member')).toBeTruthy()

    await user.click(screen.getByRole('tab', { name: 'All time' }))
    expect(await screen.findByRole('table', { name: 'Leaderboard, all time' })).toBeTruthy()
    expect(periods).toContain('all')
  })

  it('says so when nobody has points in the period', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.leaderboard.leaderboard, () => ({
        data: { data: { ...board('7d', false), rows: [] } },
      })),
    )
    const { screen } = await renderApp('/admin/leaderboard')
    expect(await screen.findByText('No points in this period yet')).toBeTruthy()
  })
})
