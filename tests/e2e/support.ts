import { readFileSync } from 'node:fs'

import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test'

import { watchRequests } from '../network-quiet'

export { expect }

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through tests/e2e/playwright.config.ts')
  return url
}

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin#2026' },
  member: { email: 'member@example.com', password: 'Member#2026' },
  member2: { email: 'member2@example.com', password: 'Member#2026' },
} as const

/** Fails the test on any console error or uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(baseURL()),
  consoleErrors: [
    async ({ page }, use) => {
      // Followed from the start, so networkQuiet knows every request under way.
      watchRequests(page)
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`)
      })
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
      await use(errors)
      expect(errors, 'console errors and uncaught exceptions').toEqual([])
    },
    { auto: true },
  ],
})

/** The newest link mailed to `to` whose subject contains `subject`, read from the outbox log. */
export async function outboxLink(to: string, subject: string, timeoutMs = 10_000): Promise<string> {
  const logPath = process.env.E2E_SERVER_LOG
  if (!logPath) throw new Error('E2E_SERVER_LOG is not set')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const links = readFileSync(logPath, 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          const msg = String((JSON.parse(line) as { msg?: string }).msg ?? '')
          const match = msg.match(/^outbox: "([^"]*)" for (\S+) — (\S+)$/)
          return match && match[2] === to && match[1]!.includes(subject) ? [match[3]!] : []
        } catch {
          return []
        }
      })
    if (links.length > 0) return links[links.length - 1]!
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail for ${to} in the outbox log`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Signs in through the API and returns the token (for setting up state, not for testing sign-in). */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
  base = baseURL(),
) {
  const res = await request.post(`${base}/api/auth/login`, { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error(`${email} answered a challenge, not a token`)
  return body.token
}

/**
 * Opens a page and waits until the app has taken it over: a public page first shows the copy
 * the build rendered, which the app's first render replaces.
 */
export async function openApp(page: Page, path: string) {
  await page.goto(path)
  // A visitor's page starts the app at the visitor's first act on it (src/lib/prerendered.ts).
  await page.keyboard.press('Shift')
  await expect(page.locator('[data-prerendered]')).toHaveCount(0)
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel(/e-?mail/i).fill(email)
  await page.getByLabel(/^password/i).fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL(/\/admin\/dashboard/)
}

/**
 * Signs `who` in through the API and stores the session the way the app keeps it (on the
 * tests' server, or another one at `base`).
 */
export async function useSession(
  page: Page,
  request: APIRequestContext,
  who: keyof typeof DEMO,
  base = baseURL(),
) {
  const { email, password } = DEMO[who]
  const token = await apiLogin(request, email, password, base)
  await storeSession(page, { token, email, role: who === 'admin' ? 'admin' : 'member' }, base)
  return token
}

/** Stores a session the way the app keeps it, on the sign-in page of the server at `base`. */
export async function storeSession(
  page: Page,
  session: { token: string; email: string; role: 'admin' | 'member' },
  base = baseURL(),
) {
  // A session stored before would send the sign-in page on to the dashboard. It is removed on a
  // page of the origin where no app runs: on the app's own page, a call it makes between the
  // removal and the next page would go without a token and be refused.
  if (page.url().startsWith(base)) {
    await page.goto(`${base}/api/health`)
    await page.evaluate(() => {
      for (const key of ['authToken', 'tokenExpiry', 'role', 'email']) localStorage.removeItem(key)
    })
  }
  await page.goto(`${base}/auth/login`)
  await page.evaluate(
    ([authToken, mail, role]) => {
      localStorage.setItem('authToken', authToken!)
      localStorage.setItem('tokenExpiry', String(Date.now() + 3 * 24 * 60 * 60 * 1000))
      localStorage.setItem('role', role!)
      localStorage.setItem('email', JSON.stringify({ email: mail }))
    },
    [session.token, session.email, session.role],
  )
}

/**
 * The dashboard on last month, wholly past: its figures are there, and the same, on every day at
 * every hour. The current month's grow through the month, and the local networks' newest sales
 * (./networks.ts) are hours old: in the first hours of the 1st, that month has none of them.
 */
export function lastMonthsDashboard() {
  const now = new Date()
  const last = new Date(now.getFullYear(), now.getMonth() - 1, 1)
  const month = last.getMonth() + 1
  return { month, path: `/admin/dashboard?year=${last.getFullYear()}&month=${month}` }
}

/**
 * Scrolls down a long page, a screen at a time, until `target` is there: the parts below a
 * dashboard's first screen are built only once scrolled near.
 */
export async function scrollUntil(page: Page, target: Locator) {
  await expect(async () => {
    if (await target.count()) return
    await page.evaluate(() => window.scrollBy({ top: window.innerHeight, behavior: 'instant' }))
    await expect(target.first()).toBeAttached({ timeout: 500 })
  }).toPass({ timeout: 20_000 })
  await target.first().scrollIntoViewIfNeeded()
}
