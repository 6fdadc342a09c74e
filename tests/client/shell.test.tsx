import { waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { contract } from '@schemas/index'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

describe('the shell', () => {
  it('scrolls smoothly to the top on every path change', async () => {
    const scrollTo = vi.mocked(window.scrollTo)
    const { user, screen } = await renderApp('/auth/login')
    await screen.findByRole('heading', { name: 'Sign in' })
    scrollTo.mockClear()
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }))
    await screen.findByRole('heading', { name: 'Forgot your password?' })
    await waitFor(() =>
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' }),
    )
  })

  it('tells the member with a toast when the server could not end the session', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.auth.logout, () => ({ status: 500, message: 'Database unreachable' })),
    )
    const { screen } = await renderApp('/admin/logout')
    await screen.findByRole('heading', { name: 'Sign in' })
    expect(
      await screen.findByText(
        'Signed out of this browser, but the server could not end the session: Database unreachable',
      ),
    ).toBeTruthy()
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('treats an answer the contract does not allow as an error, without signing out', async () => {
    storeSession()
    server.use(
      handle(contract.members.profile, () => ({ status: 200, message: 'not a profile' })),
      ...memberHandlers().slice(1),
    )
    const app = await renderApp('/admin/dashboard')
    await app.screen.findByRole('heading', { name: 'Welcome back' })
    expect(
      await app.screen.findByText(/^Your profile could not be loaded: Unexpected answer from GET /),
    ).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/admin/dashboard')
    expect(localStorage.getItem('authToken')).not.toBeNull()
  })

  it('marks with a lock the sidebar entries of areas the member lacks, and none for an administrator', async () => {
    storeSession()
    server.use(...memberHandlers(makeProfile({ areas: ['training', 'content'] })))
    const { screen } = await renderApp('/admin/dashboard')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(await within(nav).findByRole('link', { name: 'Bonus courses (locked)' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Leads (locked)' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Digital-marketing training' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Content planner' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Notes' })).toBeTruthy()
  })

  it('locks nothing for an administrator', async () => {
    storeSession({ role: 'admin' })
    server.use(...memberHandlers(makeProfile({ role: 'admin', areas: [] })))
    const { screen } = await renderApp('/admin/dashboard')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(await within(nav).findByRole('link', { name: 'Members and access' })).toBeTruthy()
    // Once the profile has arrived.
    await screen.findByRole('button', { name: /, account menu$/ })
    expect(within(nav).queryAllByRole('link', { name: /\(locked\)$/ })).toHaveLength(0)
  })
})
