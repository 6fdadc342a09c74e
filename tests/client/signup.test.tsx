import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'

import { freshToken, makeCurrent, makeProfile, storeSession } from './factories'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

/** The dashboard's widgets, empty: the sign-up ends there. */
const dashboardWidgets = () => [
  handle(contract.notes.list, () => ({ data: { data: [] } })),
  handle(contract.events.list, () => ({ data: { data: [] } })),
]

async function fill(
  screen: Awaited<ReturnType<typeof renderApp>>['screen'],
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  values: { confirm?: string } = {},
) {
  await user.type(await screen.findByLabelText(/^First name/), 'Nia')
  await user.type(screen.getByLabelText(/^Last name/), 'New')
  await user.type(screen.getByLabelText(/^E-mail/), 'nia@example.com')
  await user.type(screen.getByLabelText(/^Password/), 'Long#enough1')
  await user.type(screen.getByLabelText(/^Confirm password/), values.confirm ?? 'Long#enough1')
}

describe('/userform', () => {
  it('signs the new member up, stores the session like a sign-in and opens the dashboard', async () => {
    const token = freshToken('new-1')
    let sent: unknown
    server.use(
      ...dashboardWidgets(),
      handle(contract.auth.signup, ({ body }) => {
        sent = body
        return { status: 201, data: { token } }
      }),
      handle(contract.auth.current, () => ({
        data: makeCurrent({ id: 'new-1', email: 'nia@example.com' }),
      })),
      handle(contract.members.profile, () => ({
        data: {
          data: makeProfile({
            id: 'new-1',
            email: 'nia@example.com',
            firstName: 'Nia',
            lastName: 'New',
          }),
        },
      })),
    )
    const { screen, user, router } = await renderApp('/userform')
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'Already a member? Sign in' }).getAttribute('href'),
    ).toBe('/auth/login')
    await fill(screen, user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Welcome back, Nia New' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/dashboard')
    expect(sent).toEqual({
      firstName: 'Nia',
      lastName: 'New',
      email: 'nia@example.com',
      password: 'Long#enough1',
    })
    expect(localStorage.getItem('authToken')).toBe(token)
    expect(localStorage.getItem('role')).toBe('member')
    expect(JSON.parse(localStorage.getItem('email')!)).toEqual({ email: 'nia@example.com' })
    expect(Number(localStorage.getItem('tokenExpiry'))).toBeGreaterThan(Date.now())
  })

  it('checks the fields and the repeated password before sending', async () => {
    let calls = 0
    server.use(
      handle(contract.auth.signup, () => {
        calls += 1
        return { status: 201, data: { token: freshToken() } }
      }),
    )
    const { screen, user } = await renderApp('/userform')
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('First name is required')).toBeTruthy()
    await fill(screen, user, { confirm: 'Other#pass1' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('The passwords do not match')).toBeTruthy()
    expect(calls).toBe(0)
  })

  it('shows the server message when the e-mail is taken, and stays signed out', async () => {
    server.use(
      handle(contract.auth.signup, () => ({
        status: 409,
        message: 'An account with this e-mail already exists. Sign in or reset your password.',
      })),
    )
    const { screen, user } = await renderApp('/userform')
    await fill(screen, user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText(/An account with this e-mail already exists/)).toBeTruthy()
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('sends a signed-in member to the dashboard', async () => {
    storeSession()
    server.use(
      ...dashboardWidgets(),
      handle(contract.members.profile, () => ({ data: { data: makeProfile() } })),
      handle(contract.auth.current, () => ({ data: makeCurrent() })),
    )
    const { screen, router } = await renderApp('/userform')
    expect(await screen.findByRole('heading', { name: 'Welcome back, Mia Member' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/dashboard')
  })
})
