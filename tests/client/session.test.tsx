import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { AUTH_MESSAGES } from '@schemas/auth'
import { contract } from '@schemas/index'

import { freshToken, makeCurrent, makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

describe('answers that change the whole app', () => {
  it('signs out on a 401 to a signed-in call and returns there after sign-in', async () => {
    storeSession()
    server.use(
      handle(contract.members.profile, () => ({
        status: 401,
        message: AUTH_MESSAGES.unauthorized,
      })),
      handle(contract.auth.current, () => ({ status: 401, message: AUTH_MESSAGES.unauthorized })),
    )
    const app = await renderApp('/admin/training/welcome')
    await app.screen.findByRole('heading', { name: 'Sign in' })
    expect(app.router.state.location.search).toEqual({ redirect: '/admin/training/welcome' })
    expect({ ...localStorage }).toEqual({})
    await waitFor(() => expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0))
  })

  it('does not sign out on a 401 to a call made without a session (a wrong password)', async () => {
    server.use(
      handle(contract.auth.login, () => ({
        status: 401,
        message: AUTH_MESSAGES.invalidCredentials,
      })),
    )
    const app = await renderApp('/auth/login?redirect=%2Fadmin%2Fdashboard')
    await app.user.type(await app.screen.findByLabelText(/E-mail/), 'member@example.com')
    await app.user.type(app.screen.getByLabelText(/Password/), 'wrong{Enter}')
    await app.screen.findByText(AUTH_MESSAGES.invalidCredentials)
    expect(app.router.state.location.search).toEqual({ redirect: '/admin/dashboard' })
  })

  it('sends any 503 to /auth/maintenance, whose retry checks /api/health', async () => {
    storeSession()
    let healthy = false
    server.use(
      handle(contract.members.profile, () =>
        healthy
          ? { data: { data: makeProfile() } }
          : { status: 503, message: 'Service unavailable' },
      ),
      handle(contract.auth.current, () => ({ data: makeCurrent() })),
      handle(contract.system.health, () =>
        healthy
          ? {
              data: {
                data: { status: 'ok' as const, database: 'up' as const, driver: 'pglite' as const },
              },
            }
          : { status: 503, message: 'Database unavailable' },
      ),
    )
    const app = await renderApp('/admin/dashboard')
    await app.screen.findByRole('heading', { name: 'Down for maintenance' })
    expect(app.router.state.location.pathname).toBe('/auth/maintenance')
    expect(localStorage.getItem('authToken')).not.toBeNull()

    await app.user.click(app.screen.getByRole('button', { name: 'Try again' }))
    expect(await app.screen.findByText('Still unavailable: Database unavailable')).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/auth/maintenance')

    healthy = true
    await app.user.click(app.screen.getByRole('button', { name: 'Try again' }))
    await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' })
  })

  it('sends a 503 from an action to maintenance too', async () => {
    server.use(
      handle(contract.auth.forgotPassword, () => ({ status: 503, message: 'Service unavailable' })),
    )
    const app = await renderApp('/auth/forgot-password')
    await app.user.type(await app.screen.findByLabelText(/E-mail/), 'member@example.com{Enter}')
    await app.screen.findByRole('heading', { name: 'Down for maintenance' })
  })
})

describe('sign-out', () => {
  it('calls the API, clears the four keys and every cached answer, and the next member sees none of it', async () => {
    const first = makeProfile({ firstName: 'Ada', lastName: 'First', email: 'ada@example.com' })
    const second = makeProfile({
      id: 'member-2',
      firstName: 'Bob',
      lastName: 'Second',
      email: 'bob@example.com',
    })
    let loggedOut = 0
    let signedInAs = first
    server.use(
      handle(contract.members.profile, ({ params }) =>
        params.email === signedInAs.email
          ? { data: { data: signedInAs } }
          : { status: 403, message: AUTH_MESSAGES.forbidden },
      ),
      handle(contract.auth.current, () => ({
        data: makeCurrent({ email: signedInAs.email, id: signedInAs.id }),
      })),
      handle(contract.auth.logout, ({ headers }) => {
        loggedOut++
        expect(headers.get('authorization')).toMatch(/^Bearer /)
        return { data: { data: { message: AUTH_MESSAGES.signedOut } } }
      }),
      handle(contract.auth.login, () => ({ data: { token: freshToken(signedInAs.id) } })),
    )
    storeSession({ email: first.email })
    const app = await renderApp('/admin/dashboard')
    const { user, screen } = app
    await screen.findByRole('heading', { name: 'Welcome back, Ada First' })

    await user.click(await screen.findByRole('button', { name: /^Ada First, account menu/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
    await screen.findByRole('heading', { name: 'Sign in' })
    expect(loggedOut).toBe(1)
    expect({ ...localStorage }).toEqual({})
    await waitFor(() => expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0))

    signedInAs = second
    await user.type(screen.getByLabelText(/E-mail/), second.email)
    await user.type(screen.getByLabelText(/Password/), 'Member#2026{Enter}')
    await screen.findByRole('heading', { name: 'Welcome back, Bob Second' })
    expect(screen.queryByText(/Ada/)).toBeNull()
    const cached = JSON.stringify(
      app.queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    )
    expect(cached).not.toContain('ada@example.com')
  })

  it('signs out of this browser even when the session had already ended', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.auth.logout, () => ({ status: 401, message: AUTH_MESSAGES.unauthorized })),
    )
    const app = await renderApp('/admin/logout')
    await app.screen.findByRole('heading', { name: 'Sign in' })
    expect({ ...localStorage }).toEqual({})
    expect(app.router.state.location.search).toEqual({})
  })
})

describe('the top bar', () => {
  it("shows the stored member's name and initials from GET /api/profile/{email}", async () => {
    storeSession()
    server.use(...memberHandlers())
    const { screen } = await renderApp('/admin/dashboard')
    const trigger = await screen.findByRole('button', { name: 'Mia Member, account menu' })
    // The initials are drawn from an attribute, so the button's text is the name alone.
    expect(trigger.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('MM')
    expect(trigger.textContent).toBe('Mia Member')
  })
})
