import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'

import { apiLogin, baseURL, DEMO, expect, outboxLink, signIn, test } from './support'

const STORAGE_KEYS = ['authToken', 'tokenExpiry', 'role', 'email']

const storage = (page: Page) =>
  page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])),
    STORAGE_KEYS,
  )

test('signs in as member@example.com and stores the four keys', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
  const stored = await storage(page)
  expect(stored.authToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  expect(stored.role).toBe('member')
  expect(JSON.parse(stored.email!)).toEqual({ email: DEMO.member.email })
  const expiry = Number(stored.tokenExpiry)
  expect(Math.abs(expiry - (Date.now() + 3 * 24 * 3600 * 1000))).toBeLessThan(5 * 60_000)
})

test('the sign-in form paints from the HTML before the app runs, and keeps what was typed', async ({
  page,
}) => {
  // The app's scripts are held back: what shows is the page as the server sent it.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  // Module scripts hold back DOMContentLoaded: wait for the answer only.
  await page.goto('/auth/login', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page).toHaveTitle('Sign in · Members Area')
  const email = page.getByLabel(/^e-?mail/i)
  const password = page.getByLabel(/^password/i)
  const submit = page.getByRole('button', { name: 'Sign in' })
  // Nothing can be sent before the app runs: the fields would end up in the address.
  await expect(submit).toBeDisabled()
  await email.fill(DEMO.member.email)
  await password.fill(DEMO.member.password)
  await password.focus()

  release()
  await expect(submit).toBeEnabled()
  await expect(email).toHaveValue(DEMO.member.email)
  await expect(password).toHaveValue(DEMO.member.password)
  await expect(password).toBeFocused()
  await password.press('Enter')
  await page.waitForURL(/\/admin\/dashboard/)
})

test('returns to the page first asked for after signing in', async ({ page }) => {
  await page.goto('/admin/training/welcome')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Ftraining%2Fwelcome$/)
  await page.getByLabel(/^e-?mail/i).fill(DEMO.member.email)
  await page.getByLabel(/^password/i).fill(DEMO.member.password)
  await page.getByLabel(/^password/i).press('Enter')
  await expect(page).toHaveURL(/\/admin\/training\/welcome$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
})

test('a token whose exp has passed sends to sign-in and clears storage', async ({ page }) => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    sub: 'x',
    exp: Math.floor(Date.now() / 1000) - 60,
  })}.c2ln`
  await page.goto('/auth/404')
  await page.evaluate((token) => {
    localStorage.setItem('authToken', token)
    localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000))
    localStorage.setItem('role', 'member')
    localStorage.setItem('email', JSON.stringify({ email: 'member@example.com' }))
  }, expired)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Fdashboard$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  const stored = await storage(page)
  expect(stored.authToken).toBeNull()
  expect(stored.tokenExpiry).toBeNull()
})

test('a wrong password shows the server message and stores nothing', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/auth/login')
  await page.getByLabel(/^e-?mail/i).fill(DEMO.member.email)
  await page.getByLabel(/^password/i).fill('not-the-password')
  const answer = page.waitForResponse('**/api/auth/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  expect((await answer).status()).toBe(401)
  await expect(page.getByRole('alert')).toHaveText(/Invalid e-mail or password/)
  expect((await storage(page)).authToken).toBeNull()
  // Chromium logs every failed request as a console error; this 401 is the one expected.
  const expected = consoleErrors.findIndex((line) => /status of 401/.test(line))
  expect(expected).toBeGreaterThanOrEqual(0)
  consoleErrors.splice(expected, 1)
})

test('signs in with a link from the e-mail', async ({ page }) => {
  await page.goto('/auth/login')
  await page.getByRole('link', { name: 'E-mail me a sign-in link instead' }).click()
  await page.getByLabel(/^e-?mail/i).fill(DEMO.member.email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByText(/a sign-in link is on its way/)).toBeVisible()

  const link = await outboxLink(DEMO.member.email, 'sign-in link')
  expect(new URL(link).pathname).toMatch(/^\/auth\/login\/verify\/[\w-]+$/)
  await page.goto(link)
  // Opening the link spends nothing: only the button does.
  await expect(page.getByRole('button', { name: 'Sign me in' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign me in' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
})

test('signs in with a two-step code', async ({ page, request }) => {
  // An account of its own: other specs sign in as the demo members without a second step.
  const email = `two-step-${Date.now()}@example.com`
  const password = 'Two-step#2026'
  const signup = await request.post(`${baseURL()}/api/auth/signup`, {
    data: { firstName: 'Tess', lastName: 'Twostep', email, password },
  })
  expect(signup.status(), await signup.text()).toBe(201)
  const { token } = (await signup.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  const setup = await request.post(`${baseURL()}/api/auth/totp/setup`, {
    headers,
    data: { password },
  })
  expect(setup.status()).toBe(200)
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  })
  const enabledAt = Date.now()
  const enable = await request.post(`${baseURL()}/api/auth/totp/enable`, {
    headers,
    data: { password, code: totp.generate({ timestamp: enabledAt }) },
  })
  expect(enable.status(), await enable.text()).toBe(200)

  await page.goto('/auth/login')
  await page.getByLabel(/^e-?mail/i).fill(email)
  await page.getByLabel(/^password/i).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth\/two-steps$/)
  expect((await storage(page)).authToken).toBeNull()

  // The step used to enable cannot be used again; the server accepts the next one (±1 step).
  const code = totp.generate({ timestamp: enabledAt + 30_000 })
  await page.getByLabel(/^verification code/i).fill(code)
  await page.getByLabel(/^verification code/i).press('Enter')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible()
  expect(JSON.parse((await storage(page)).email!)).toEqual({ email })
})

test('resets the password from the mailed link, then signs in with the new one', async ({
  page,
  request,
}) => {
  const { email, password } = DEMO.admin
  const fresh = 'Fresh#Password2026'
  await page.goto('/auth/forgot-password')
  await page.getByLabel(/^e-?mail/i).fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible()

  const link = await outboxLink(email, 'Reset your Members Area password')
  await page.goto(link)
  await page.getByLabel(/^new password/i).fill(fresh)
  await page.getByLabel(/^confirm new password/i).fill(fresh)
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText(/Your password has been reset/)).toBeVisible()

  try {
    await page.getByRole('link', { name: 'Go to sign in' }).click()
    await page.getByLabel(/^e-?mail/i).fill(email)
    await page.getByLabel(/^password/i).fill(fresh)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Admin' })).toBeVisible()
    await expect(page.getByLabel('Role: Administrator')).toBeVisible()
  } finally {
    // Changing the password signs out every other session: the page, whose dashboard may still
    // be asking for its lower panels, is left first, so none of its requests is refused.
    await page.goto('about:blank')
    // Other specs sign in as the demo administrator with the documented password.
    const token = await apiLogin(request, email, fresh)
    const restore = await request.post(`${baseURL()}/api/auth/change-password`, {
      headers: { authorization: `Bearer ${token}` },
      data: { currentPassword: fresh, newPassword: password },
    })
    expect(restore.status()).toBe(200)
  }
})
