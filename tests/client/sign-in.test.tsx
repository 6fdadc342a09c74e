import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { AUTH_MESSAGES } from '@schemas/auth'
import { contract } from '@schemas/index'

import { freshToken, makeCurrent, makeProfile } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const CHALLENGE = 'challenge-token-abcdefghijklmnop'
const LINK = 'link-token-abcdefghijklmnopqrstu'

describe('sign-in with e-mail and password', () => {
  it('stores exactly the four keys and returns to the page first asked for', async () => {
    const token = freshToken()
    const logins: unknown[] = []
    server.use(
      handle(contract.auth.login, ({ body }) => {
        logins.push(body)
        return { data: { token } }
      }),
      ...memberHandlers(makeProfile(), makeCurrent({ role: 'admin' })),
    )
    const app = await renderApp('/admin/training/welcome')
    const { user, screen } = app
    await user.type(await screen.findByLabelText(/E-mail/), ' Member@Example.com ')
    await user.type(screen.getByLabelText(/Password/), 'Member#2026{Enter}')
    await screen.findByRole('heading', { name: 'Welcome back, Mia Member' })
    expect(app.router.state.location.pathname).toBe('/admin/training/welcome')
    // The contract's schema trims and lowercases the address before it is sent.
    expect(logins).toEqual([{ email: 'member@example.com', password: 'Member#2026' }])
    const expiry = Number(localStorage.getItem('tokenExpiry'))
    expect(Math.abs(expiry - (Date.now() + 3 * 24 * 3600 * 1000))).toBeLessThan(60_000)
    expect({ ...localStorage }).toEqual({
      authToken: token,
      tokenExpiry: String(expiry),
      role: 'admin',
      email: JSON.stringify({ email: 'member@example.com' }),
    })
  })

  it('never follows a redirect off the site', async () => {
    server.use(
      handle(contract.auth.login, () => ({ data: { token: freshToken() } })),
      ...memberHandlers(),
    )
    const app = await renderApp('/auth/login?redirect=%2F%2Fevil.example%2Fx')
    await app.user.type(await app.screen.findByLabelText(/E-mail/), 'member@example.com')
    await app.user.type(app.screen.getByLabelText(/Password/), 'Member#2026')
    await app.user.click(app.screen.getByRole('button', { name: 'Sign in' }))
    await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' })
    expect(app.router.state.location.pathname).toBe('/admin/dashboard')
  })

  it('validates before sending and shows the server message in place', async () => {
    let calls = 0
    server.use(
      handle(contract.auth.login, () => {
        calls++
        return { status: 401, message: AUTH_MESSAGES.invalidCredentials }
      }),
    )
    const { user, screen } = await renderApp('/auth/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(calls).toBe(0)

    await user.type(screen.getByLabelText(/E-mail/), 'member@example.com')
    await user.type(screen.getByLabelText(/Password/), 'wrong{Enter}')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(AUTH_MESSAGES.invalidCredentials)).toBeTruthy()
    expect(calls).toBe(1)
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('shows field-level server messages next to their field', async () => {
    server.use(
      handle(contract.auth.login, () => ({
        status: 400,
        message: 'email: This account is locked',
      })),
    )
    const { user, screen } = await renderApp('/auth/login')
    await user.type(await screen.findByLabelText(/E-mail/), 'member@example.com')
    await user.type(screen.getByLabelText(/Password/), 'x{Enter}')
    expect(await screen.findByText('This account is locked')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('disables the submit button while the sign-in is pending', async () => {
    let release: () => void = () => {}
    server.use(
      handle(contract.auth.login, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return { status: 401, message: AUTH_MESSAGES.invalidCredentials }
      }),
    )
    const { user, screen } = await renderApp('/auth/login')
    await user.type(await screen.findByLabelText(/E-mail/), 'member@example.com')
    await user.type(screen.getByLabelText(/Password/), 'x{Enter}')
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: /Signing in/ }) as HTMLButtonElement).disabled,
      ).toBe(true),
    )
    release()
    await screen.findByText(AUTH_MESSAGES.invalidCredentials)
  })

  it('requests a sign-in link by e-mail', async () => {
    const sent: unknown[] = []
    server.use(
      handle(contract.auth.loginLink, ({ body }) => {
        sent.push(body)
        return { data: { data: { message: AUTH_MESSAGES.linkSent } } }
      }),
    )
    const { user, screen } = await renderApp('/auth/login')
    await user.click(await screen.findByRole('link', { name: 'E-mail me a sign-in link instead' }))
    await user.type(
      await screen.findByLabelText(/E-mail/, { selector: 'input' }),
      'member@example.com{Enter}',
    )
    expect(await screen.findByText(AUTH_MESSAGES.linkSent)).toBeTruthy()
    expect(sent).toEqual([{ email: 'member@example.com' }])
  })
})

describe('two-step sign-in', () => {
  const challenge = () => ({
    challenge: {
      token: CHALLENGE,
      method: 'totp' as const,
      expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    },
  })

  it('asks for the code, explains wrong codes, then signs in and returns to the page asked for', async () => {
    const codes: unknown[] = []
    server.use(
      handle(contract.auth.login, () => ({ data: challenge() })),
      handle(contract.auth.twoSteps, ({ body }) => {
        codes.push(body)
        return body.code === '123456'
          ? { data: { token: freshToken() } }
          : { status: 401, message: AUTH_MESSAGES.codeInvalid }
      }),
      ...memberHandlers(),
    )
    const app = await renderApp('/admin/training/welcome')
    const { user, screen } = app
    await user.type(await screen.findByLabelText(/E-mail/), 'member@example.com')
    await user.type(screen.getByLabelText(/Password/), 'Member#2026{Enter}')
    const code = await screen.findByLabelText(/Verification code/)
    expect(app.router.state.location.pathname).toBe('/auth/two-steps')
    expect(localStorage.getItem('authToken')).toBeNull()

    await user.type(code, '12{Enter}')
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy()
    await user.clear(code)
    await user.type(code, '000000{Enter}')
    expect(await screen.findByText(AUTH_MESSAGES.codeInvalid)).toBeTruthy()
    await user.type(screen.getByLabelText(/Verification code/), '123456{Enter}')

    await screen.findByRole('heading', { name: 'Welcome back, Mia Member' })
    expect(app.router.state.location.pathname).toBe('/admin/training/welcome')
    expect(codes).toEqual([
      { challenge: CHALLENGE, code: '000000' },
      { challenge: CHALLENGE, code: '123456' },
    ])
    expect(localStorage.getItem('role')).toBe('member')
    expect(sessionStorage.getItem('signInChallenge')).toBeNull()
  })

  it('drops a voided challenge and offers a new sign-in', async () => {
    sessionStorage.setItem(
      'signInChallenge',
      JSON.stringify({ ...challenge().challenge, redirect: null }),
    )
    server.use(
      handle(contract.auth.twoSteps, () => ({
        status: 401,
        message: AUTH_MESSAGES.challengeInvalid,
      })),
    )
    const { user, screen } = await renderApp('/auth/two-steps')
    await user.type(await screen.findByLabelText(/Verification code/), '111111{Enter}')
    expect(await screen.findByText(AUTH_MESSAGES.challengeInvalid)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in again' })).toBeTruthy()
    expect(sessionStorage.getItem('signInChallenge')).toBeNull()
  })

  it('lets the member start over', async () => {
    sessionStorage.setItem(
      'signInChallenge',
      JSON.stringify({ ...challenge().challenge, redirect: '/admin/dashboard' }),
    )
    const app = await renderApp('/auth/two-steps')
    await app.user.click(await app.screen.findByRole('button', { name: 'Start over' }))
    await app.screen.findByRole('heading', { name: 'Sign in' })
    expect(app.router.state.location.search).toEqual({ redirect: '/admin/dashboard' })
    expect(sessionStorage.getItem('signInChallenge')).toBeNull()
  })

  it('explains when no challenge is pending', async () => {
    const { screen } = await renderApp('/auth/two-steps')
    expect(await screen.findByText(/no sign-in waiting for a code/)).toBeTruthy()
    expect(screen.queryByLabelText(/Verification code/)).toBeNull()
  })
})

describe('the e-mailed sign-in link', () => {
  it('does nothing on load and signs in when the button is pressed', async () => {
    const verified: unknown[] = []
    server.use(
      handle(contract.auth.verifyLoginLink, ({ body }) => {
        verified.push(body)
        return { data: { token: freshToken() } }
      }),
      ...memberHandlers(),
    )
    const app = await renderApp(`/auth/login/verify/${LINK}`)
    const button = await app.screen.findByRole('button', { name: 'Sign me in' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(verified).toEqual([])
    await app.user.click(button)
    await app.screen.findByRole('heading', { name: 'Welcome back, Mia Member' })
    expect(verified).toEqual([{ token: LINK }])
    expect(localStorage.getItem('email')).toBe('{"email":"member@example.com"}')
  })

  it('passes a two-step challenge on to /auth/two-steps', async () => {
    server.use(
      handle(contract.auth.verifyLoginLink, () => ({
        data: {
          challenge: {
            token: CHALLENGE,
            method: 'totp' as const,
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
          },
        },
      })),
    )
    const app = await renderApp(`/auth/login/verify/${LINK}`)
    await app.user.click(await app.screen.findByRole('button', { name: 'Sign me in' }))
    expect(await app.screen.findByLabelText(/Verification code/)).toBeTruthy()
  })

  it('shows why a used link cannot sign in', async () => {
    server.use(
      handle(contract.auth.verifyLoginLink, () => ({
        status: 400,
        message: AUTH_MESSAGES.linkInvalid,
      })),
    )
    const app = await renderApp(`/auth/login/verify/${LINK}`)
    await app.user.click(await app.screen.findByRole('button', { name: 'Sign me in' }))
    expect(await app.screen.findByText(AUTH_MESSAGES.linkInvalid)).toBeTruthy()
    expect(localStorage.getItem('authToken')).toBeNull()
  })
})

describe('password reset', () => {
  it('requests a reset link', async () => {
    server.use(
      handle(contract.auth.forgotPassword, () => ({
        data: { data: { message: AUTH_MESSAGES.resetSent } },
      })),
    )
    const { user, screen } = await renderApp('/auth/forgot-password')
    await user.type(await screen.findByLabelText(/E-mail/), 'nobody@example.com{Enter}')
    expect(await screen.findByText(AUTH_MESSAGES.resetSent)).toBeTruthy()
  })

  it('sets a new password from the mailed link after checking the confirmation', async () => {
    const resets: unknown[] = []
    server.use(
      handle(contract.auth.resetPassword, ({ body }) => {
        resets.push(body)
        return { data: { data: { message: AUTH_MESSAGES.passwordReset } } }
      }),
    )
    const { user, screen } = await renderApp(`/auth/forgot-password?token=${LINK}`)
    await user.type(await screen.findByLabelText(/^New password/), 'short')
    await user.type(screen.getByLabelText(/Confirm new password/), 'short{Enter}')
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy()

    await user.clear(screen.getByLabelText(/^New password/))
    await user.type(screen.getByLabelText(/^New password/), 'Better#Pass1')
    await user.clear(screen.getByLabelText(/Confirm new password/))
    await user.type(screen.getByLabelText(/Confirm new password/), 'Better#Pass2{Enter}')
    expect(await screen.findByText('The passwords do not match')).toBeTruthy()
    expect(resets).toEqual([])

    await user.clear(screen.getByLabelText(/Confirm new password/))
    await user.type(screen.getByLabelText(/Confirm new password/), 'Better#Pass1{Enter}')
    expect(await screen.findByText(AUTH_MESSAGES.passwordReset)).toBeTruthy()
    expect(resets).toEqual([{ token: LINK, password: 'Better#Pass1' }])
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy()
  })

  it('shows why an expired link fails', async () => {
    server.use(
      handle(contract.auth.resetPassword, () => ({
        status: 400,
        message: AUTH_MESSAGES.linkInvalid,
      })),
    )
    const { user, screen } = await renderApp(`/auth/forgot-password?token=${LINK}`)
    await user.type(await screen.findByLabelText(/^New password/), 'Better#Pass1')
    await user.type(screen.getByLabelText(/Confirm new password/), 'Better#Pass1{Enter}')
    expect(await screen.findByText(AUTH_MESSAGES.linkInvalid)).toBeTruthy()
  })
})
