import type { Page } from '@playwright/test'

import { networkQuiet } from '../network-quiet'
import {
  baseURL,
  DEMO,
  expect,
  lastMonthsDashboard,
  openApp,
  scrollUntil,
  signIn,
  test,
  useSession,
} from './support'

test('a reload keeps the session', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.reload()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
})

test('/ lands on the dashboard', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
})

test('/ signed out lands on sign-in, asking to return to the dashboard', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Fdashboard$/)
})

test('unknown paths land on /auth/404', async ({ page }) => {
  await page.goto('/nope')
  await expect(page).toHaveURL(/\/auth\/404$/)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/nope')
  await expect(page).toHaveURL(/\/auth\/404$/)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('the top bar shows the member and signs out, leaving nothing behind', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  const menu = page.getByRole('button', { name: 'Maya Member, account menu' })
  await expect(menu).toBeVisible()
  // By keyboard: the menu (loaded on this first press) opens, and Escape returns to the button.
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu').getByText(DEMO.member.email)).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(menu).toBeFocused()
  // A second press of the button closes the menu it opened; pressed as a person does, the button
  // held a moment (the menu hears the press as one outside it a frame after it starts).
  await menu.click()
  await expect(page.getByRole('menu')).toBeVisible()
  await menu.click({ delay: 100 })
  await expect(page.getByRole('menu')).toBeHidden()
  await menu.click()
  await expect(page.getByRole('menu').getByText(DEMO.member.email)).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  expect(
    await page.evaluate(() =>
      ['authToken', 'tokenExpiry', 'role', 'email'].map((key) => localStorage.getItem(key)),
    ),
  ).toEqual([null, null, null, null])
  // The old token was revoked by the server: going back does not get in.
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/auth\/login/)
})

test('the demo member’s dashboard fits in two and a half screens at 1366×900, the course and the earnings on the first', async ({
  page,
  request,
}) => {
  const screen = { width: 1366, height: 900 }
  await page.setViewportSize(screen)
  await useSession(page, request, 'member')
  await page.goto(lastMonthsDashboard().path)
  // Every part with its data: the figures, the charts, the countries and the member's lists.
  const nets = [page.getByTestId('summary-clickbank'), page.getByTestId('summary-digistore24')].map(
    (summary) => summary.getByTestId('net').first(),
  )
  for (const net of nets) await expect(net).toBeVisible()
  // The parts below the first screen are built once scrolled near.
  await scrollUntil(page, page.getByRole('list', { name: 'Newest leads' }))
  await expect(page.getByTestId('hops').getByText('Conversion rate')).toBeVisible()
  await expect(page.getByRole('table', { name: 'ClickBank sales by country' })).toBeVisible()
  await expect(page.getByRole('table', { name: /^Digistore24 sales by country/ })).not.toHaveCount(
    0,
  )
  await expect(page.getByRole('list', { name: 'Latest notes' })).toBeVisible()
  await expect(page.getByRole('list', { name: /^Events in the next \d+ days$/ })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Newest leads' })).toBeVisible()
  // The charts are drawn once scrolled near: all of them, at the bottom of the page.
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  )
  const main = page.getByRole('main')
  await expect(main.getByRole('img')).not.toHaveCount(0)
  await expect(main.locator('[role=img]:not(:has(canvas))')).toHaveCount(0)
  await expect(main.locator('[aria-busy=true]')).toHaveCount(0)

  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height, 'the dashboard’s height').toBeLessThanOrEqual(2.5 * screen.height)

  // What members open most is on the first screen: the course to continue and the earnings.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  for (const part of [
    page.getByTestId('resume-card'),
    page.getByRole('group', { name: 'Net earnings this month' }),
    ...nets,
  ]) {
    const box = await part.boundingBox()
    expect(box!.y + box!.height, await part.innerText()).toBeLessThanOrEqual(screen.height)
  }
})

test('/admin/training/welcome shows the welcome screen', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/training/welcome')
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
  await expect(page.getByText('Member', { exact: true })).toBeVisible()
})

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`public screens render without errors at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const screens: [string, string][] = [
      ['/auth/login', 'Sign in'],
      ['/auth/login?via=link', 'Sign in by e-mail'],
      ['/auth/forgot-password', 'Forgot your password?'],
      ['/auth/forgot-password?token=abcdefghijklmnopqrstuvwxyz', 'Set a new password'],
      ['/auth/two-steps', 'Two-step verification'],
      ['/auth/login/verify/abcdefghijklmnopqrstuvwxyz', 'Sign in with your e-mail link'],
      ['/auth/maintenance', 'Down for maintenance'],
      ['/auth/404', 'Page not found'],
    ]
    for (const [path, heading] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0)
    }
  })
}

test('the maintenance retry checks the API and goes on when it is up', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/auth/maintenance')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('a screen whose chunk cannot load reloads once, then explains instead of going blank', async ({
  page,
  consoleErrors,
}) => {
  await page.route(/\/assets\/forgot-password-[\w-]+\.js$/, (route) => route.abort())
  let loads = 0
  page.on('load', () => loads++)
  // The app's own link, not the prerendered copy's (which would load the next page in full).
  await openApp(page, '/auth/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  // Reloaded, the forgot-password page shows as drawn; the app starts at the visitor's first act
  // and cannot load the screen's code a second time.
  await expect.poll(() => loads).toBe(2)
  await page.keyboard.press('Shift')
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible()
  expect(loads).toBe(2)
  // What the blocked chunk logs is the failure this test causes; nothing else may appear.
  const unexpected = consoleErrors.filter(
    (line) => !/ERR_FAILED|dynamically imported module|Failed to fetch/i.test(line),
  )
  expect(unexpected).toEqual([])
  consoleErrors.length = 0
})

test('the collapsed icon rail names each link in a tooltip; the drawer and customizer open on phones', async ({
  page,
}) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  const notes = page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Notes' })
  await notes.hover()
  await expect(page.getByRole('tooltip')).toHaveText('Notes')
  await page.getByRole('button', { name: 'Expand sidebar' }).click()

  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByRole('button', { name: 'Open navigation' }).click()
  const drawer = page.getByRole('dialog', { name: 'Navigation' })
  await drawer.getByRole('link', { name: 'Notes' }).click()
  await expect(page).toHaveURL(/\/admin\/notes$/)
  await expect(drawer).toBeHidden()
  await page.getByRole('button', { name: 'Customize appearance' }).click()
  await expect(page.getByRole('dialog', { name: 'Customize' })).toBeVisible()
  await page.getByRole('button', { name: 'Close customizer' }).click()
  await expect(page.getByRole('dialog', { name: 'Customize' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Customize appearance' })).toBeFocused()
})

/** Holds back the app's scripts until the returned function is called. */
async function holdScripts(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

test('a phone at rest on the dashboard draws no animation: the parts below the fold hold still until they are built', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await useSession(page, request, 'member')
  await openApp(page, '/admin/dashboard')
  await expect(page.getByTestId('resume-card')).toBeVisible()
  await networkQuiet(page)
  // At rest: every answer drawn, so no part's loading placeholder pulses any more. An answer may
  // be drawn some time after it arrived (in a render React may pause, see useDeferredQuery).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('.chakra-skeleton')].filter(
            (placeholder) => !placeholder.closest('[data-when-near]'),
          ).length,
      ),
    )
    .toBe(0)
  const later = page.locator('[data-when-near]')
  expect(await later.count()).toBeGreaterThan(0)
  const running = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? '?'),
  )
  expect(running).toEqual([])
  // Scrolled to, a part is built.
  const label = await later.first().getAttribute('aria-label')
  await later.first().scrollIntoViewIfNeeded()
  await expect(page.locator(`[data-when-near][aria-label="${label}"]`)).toHaveCount(0)
})

test('the dashboard paints its layout and placeholders from the HTML for a session, and the loading screen for a visitor', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  const release = await holdScripts(page)
  // Module scripts hold back DOMContentLoaded: wait for the answer only.
  await page.goto('/admin/dashboard', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
  await expect(page.getByText('Pick up your training where you left off')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Net earnings this month' })).toBeVisible()
  await expect(page).toHaveTitle('Dashboard · Members Area')
  // Its placeholders hold still while the app starts (index.html's styles).
  const placeholder = page.locator('[data-prerendered] .chakra-skeleton').first()
  await expect(placeholder).toBeVisible()
  await expect(placeholder).toHaveCSS('animation-name', 'none')
  // Its styles are in one element in the head, which the app's Emotion takes over unmoved.
  expect(await page.locator('body style').count()).toBe(0)
  const styles = await page.locator('head style[data-prerendered-styles]').elementHandle()
  // Drawn for any member: nobody's data is in it.
  expect(await page.content()).not.toContain(DEMO.member.email)
  release()
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
  await expect(page.locator('[data-prerendered]')).toHaveCount(0)
  expect(await styles!.evaluate((element) => element.isConnected)).toBe(true)
  expect(await page.locator('style[data-emotion^="css "]').count()).toBe(0)
  // The app's code was asked for once the screen had painted: before it, only the appearance
  // script, the entry script and the three modules it imports (the app's code is some forty).
  const { early, late } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
    const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'))
    return {
      early: scripts.filter((r) => r.startTime < paint).map((r) => new URL(r.name).pathname),
      late: scripts.filter((r) => r.startTime >= paint).length,
    }
  })
  expect(early.length, early.join(' ')).toBeLessThanOrEqual(5)
  expect(late).toBeGreaterThan(20)

  const visitor = await browser.newPage()
  const releaseVisitor = await holdScripts(visitor)
  await visitor.goto(`${baseURL()}/admin/dashboard`, { waitUntil: 'commit' })
  await expect(visitor.getByText('Loading Members Area…')).toBeVisible()
  await expect(visitor.getByRole('heading', { name: 'Welcome back' })).toBeHidden()
  releaseVisitor()
  await visitor.waitForURL(/\/auth\/login/)
  await visitor.close()
})

test('the dashboard opened on another month by its address paints the same layout from the HTML', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member')
  const release = await holdScripts(page)
  const last = lastMonthsDashboard()
  await page.goto(last.path, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
  await expect(page.getByText('Pick up your training where you left off')).toBeVisible()
  await expect(page.locator('[data-prerendered] .chakra-skeleton').first()).toBeVisible()
  release()
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya Member' })).toBeVisible()
  await expect(page.locator('[data-prerendered]')).toHaveCount(0)
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(String(last.month))
})
