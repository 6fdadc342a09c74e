import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { freshToken, makeToken, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { server } from './msw'
import { renderApp } from './render-app'

const pathOf = (app: Awaited<ReturnType<typeof renderApp>>) => app.router.state.location.pathname

describe('redirect rules', () => {
  it('sends / to the dashboard', async () => {
    storeSession()
    server.use(...memberHandlers())
    const app = await renderApp('/')
    expect(
      await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' }),
    ).toBeTruthy()
    expect(pathOf(app)).toBe('/admin/dashboard')
  })

  it('shows the same welcome screen at /admin/training/welcome, with the role', async () => {
    storeSession()
    server.use(...memberHandlers())
    const app = await renderApp('/admin/training/welcome')
    expect(
      await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' }),
    ).toBeTruthy()
    expect(await app.screen.findByText('Member')).toBeTruthy()
    expect(pathOf(app)).toBe('/admin/training/welcome')
  })

  it('sends a signed-out visitor of /admin/... to sign-in, replacing the entry and keeping the page asked for', async () => {
    const app = await renderApp('/admin/training/welcome?x=1')
    expect(await app.screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy()
    expect(pathOf(app)).toBe('/auth/login')
    expect(app.router.state.location.search).toEqual({ redirect: '/admin/training/welcome?x=1' })
    expect(app.history.length).toBe(1)
  })

  it('treats a token whose exp has passed as signed out and clears authToken and tokenExpiry', async () => {
    storeSession({ token: makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }) })
    const app = await renderApp('/admin/dashboard')
    await app.screen.findByRole('heading', { name: 'Sign in' })
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('tokenExpiry')).toBeNull()
  })

  it('uses tokenExpiry for a token it cannot decode', async () => {
    localStorage.setItem('authToken', 'opaque')
    localStorage.setItem('tokenExpiry', String(Date.now() - 1))
    const app = await renderApp('/admin/dashboard')
    await app.screen.findByRole('heading', { name: 'Sign in' })
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('lets an undecodable token without tokenExpiry in', async () => {
    storeSession({ token: 'opaque' })
    localStorage.removeItem('tokenExpiry')
    server.use(...memberHandlers())
    const app = await renderApp('/admin/dashboard')
    expect(
      await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' }),
    ).toBeTruthy()
  })

  it.each(['/admin/nope', '/admin/a/b/c'])(
    'sends the unknown admin path %s to /auth/404',
    async (path) => {
      storeSession()
      server.use(...memberHandlers())
      const app = await renderApp(path)
      expect(await app.screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
      expect(pathOf(app)).toBe('/auth/404')
    },
  )

  it('signs a signed-out visitor of an unknown admin path in first', async () => {
    const app = await renderApp('/admin/nope')
    await app.screen.findByRole('heading', { name: 'Sign in' })
    expect(app.router.state.location.search).toEqual({ redirect: '/admin/nope' })
  })

  it.each(['/nope', '/auth/nope', '/userforms/x'])(
    'sends the unknown public path %s to /auth/404',
    async (path) => {
      const app = await renderApp(path)
      expect(await app.screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
      expect(pathOf(app)).toBe('/auth/404')
    },
  )
})

describe('public screens while signed in', () => {
  it('sends a signed-in visitor of /auth/login to the dashboard', async () => {
    storeSession({ token: freshToken() })
    server.use(...memberHandlers())
    const app = await renderApp('/auth/login')
    await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' })
    expect(pathOf(app)).toBe('/admin/dashboard')
  })

  it.each([
    ['/auth/forgot-password', 'Forgot your password?'],
    ['/auth/forgot-password?token=abcdefghijklmnopqrstuvwxyz', 'Set a new password'],
    ['/auth/maintenance', 'Down for maintenance'],
    ['/auth/404', 'Page not found'],
    ['/auth/two-steps', 'Two-step verification'],
    ['/auth/login/verify/abcdefghijklmnopqrstuvwxyz', 'Sign in with your e-mail link'],
  ])('shows %s', async (path, heading) => {
    storeSession()
    const app = await renderApp(path)
    expect(await app.screen.findByRole('heading', { name: heading })).toBeTruthy()
    await waitFor(() => expect(app.router.state.status).toBe('idle'))
    expect(`${pathOf(app)}`).toBe(path.split('?')[0])
    expect(localStorage.getItem('authToken')).not.toBeNull()
  })
})
