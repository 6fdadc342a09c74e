import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { Momentum } from '@schemas/momentum'

import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const momentum = (remindersChosen: boolean): Momentum => ({
  points: 0,
  level: 1,
  next: { level: 2, at: 5, missing: 5 },
  streak: { days: 0, today: false },
  timeZone: 'Europe/Berlin',
  listed: false,
  remindersChosen,
})

describe('the choice of reminder e-mails', () => {
  it('is asked on the dashboard until the member chooses, none being a choice', async () => {
    storeSession()
    let chosen = false
    const sent: unknown[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.momentum.momentum, () => ({ data: { data: momentum(chosen) } })),
      handle(contract.reminders.saveReminders, ({ body }) => {
        sent.push(body)
        chosen = true
        return { data: { data: { ...body, chosen: true } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/dashboard')
    const ask = await screen.findByRole('region', { name: 'Would you like reminder e-mails?' })
    // Offered ticked; nothing is sent before a choice.
    for (const name of ['Continue where you left off', 'Your events', 'Weekly summary']) {
      expect((within(ask).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true)
    }
    await user.click(within(ask).getByRole('button', { name: 'No reminder e-mails' }))
    await waitFor(() => expect(sent).toEqual([{ continue: false, events: false, weekly: false }]))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Would you like reminder e-mails?' })).toBeNull(),
    )
  })

  it('is not asked again once made', async () => {
    storeSession()
    server.use(...memberHandlers())
    const { screen } = await renderApp('/admin/dashboard')
    await screen.findByTestId('momentum-card')
    expect(await screen.findByText(/2-day streak/)).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Would you like reminder e-mails?' })).toBeNull()
  })

  it('is changed under Notifications', async () => {
    storeSession()
    const sent: unknown[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.notifications.list, () => ({
        data: { data: { items: [], unread: 0, nextBefore: null } },
      })),
      handle(contract.notifications.settings, () => ({
        data: { data: { mail: 'instant' as const } },
      })),
      handle(contract.reminders.saveReminders, ({ body }) => {
        sent.push(body)
        return { data: { data: { ...body, chosen: true } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/notifications')
    const weekly = await screen.findByRole('checkbox', { name: 'Weekly summary' })
    expect((weekly as HTMLInputElement).checked).toBe(false)
    await user.click(screen.getByText('Weekly summary'))
    await user.click(screen.getByRole('button', { name: 'Save reminder settings' }))
    await waitFor(() => expect(sent).toEqual([{ continue: true, events: true, weekly: true }]))
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy()
  })
})

describe('/auth/unsubscribe?list=', () => {
  it('stops one kind of reminder with one press, without signing in', async () => {
    let asked: [string | null, string | null] = [null, null]
    server.use(
      handle(contract.reminders.unsubscribeReminder, ({ url }) => {
        asked = [url.searchParams.get('token'), url.searchParams.get('kind')]
        return { data: { data: { message: 'You will get no more weekly summaries.' } } }
      }),
    )
    const { screen, user } = await renderApp('/auth/unsubscribe?token=abc.def&list=weekly')
    expect(await screen.findByRole('heading', { name: 'Weekly summaries' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Stop these e-mails' }))
    expect(await screen.findByText('You will get no more weekly summaries.')).toBeTruthy()
    expect(asked).toEqual(['abc.def', 'weekly'])
  })
})
