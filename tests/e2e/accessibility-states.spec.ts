import type { APIRequestContext, Locator, Page } from '@playwright/test'

import { AREA_KEYS, FREE_AREAS, type AreaKey } from '@schemas/access'
import { OFFLINE_MESSAGE } from '@/components/offline-banner'

import { networkQuiet } from '../network-quiet'
import { seriousViolations, setLook, type Look } from './axe'
import { ADMIN_SCREENS, LOOKS, MEMBER_SCREENS } from './screens'
import { apiLogin, baseURL, DEMO, expect, openApp, storeSession, test, useSession } from './support'

// axe is added to each page as a script, which the app's security policy would refuse.
test.use({ bypassCSP: true })

const lookNamed = (name: Look['name']) => LOOKS.find((look) => look.name === name)!
const LIGHT = lookNamed('light')
const DARK = lookNamed('dark')
const PHONE = lookNamed('375 px, dark')

/** What the server answers a call that failed on its side (server/plugins/errors.ts). */
const SERVER_FAILURE = { message: 'Something went wrong on our side. Try again in a moment.' }

const isApiCall = (url: URL) => url.pathname.startsWith('/api/')

/** Screens drawn without a call of their own (contacts are kept in the browser). */
const WITHOUT_CALLS = ['/admin/contacts', '/admin/mobilenav', '/admin/aitools']

/**
 * Screens whose calls failing shows no error: the translator's one call asks whether an AI
 * model is set up, and without an answer the form shows as it is.
 */
const NO_ERROR_STATE = [...WITHOUT_CALLS, '/admin/translator']

/** Screens drawn from the member's profile alone: they wait for nothing else. */
const PROFILE_SCREENS = ['/admin/upgrade', '/admin/updateprofile']

/** Screens behind a paid area, which a member who signed up has not bought. */
const PAID_SCREENS = [
  '/admin/digistore/training',
  '/admin/niche/health',
  '/admin/healthniche',
  '/admin/customniches',
  '/admin/mobquickhealth',
  '/admin/instagram/bio',
  '/admin/sheet/viral',
  '/admin/quickcash/viralspreadsheet',
  '/admin/quickcash/buffer',
  '/admin/aitools',
  '/admin/aiscript/tiktok',
  '/admin/translator',
  '/admin/chatbot',
]

/** Screens behind a free area, which an administrator can close for a member. */
const FREE_SCREENS = [
  '/admin/dgtraining',
  '/admin/training/module1/lesson1',
  '/admin/bonus',
  '/admin/bonus/20ways',
  '/admin/sheet/content',
  '/admin/contentchecklist',
  '/admin/sheet/leads',
  '/admin/virallead',
]

/** What each list screen of a member who has nothing yet says. */
const EMPTY_WORDS: Record<string, string> = {
  '/admin/dashboard': 'No affiliate account connected',
  '/admin/notes': 'No notes yet',
  '/admin/calendar': 'Nothing planned here yet',
  '/admin/sheet/content': 'No content planned yet',
  '/admin/contentchecklist': 'Nothing to check yet',
  '/admin/sheet/leads': 'No leads yet',
  '/admin/contacts': 'No contacts yet',
  '/admin/contactus': 'No messages yet',
  '/admin/healthniche': 'This sheet is empty',
  '/admin/instagram/bio': 'No saved bios yet',
  '/admin/quickcash/buffer': 'Nothing in the queue',
}

/**
 * Offline, after a page load of the dashboard, the screens drawn from what the dashboard fetched
 * (courses, notes, events, affiliate accounts, the profile) or from nothing show; the screens the
 * member had not opened before (their code is not in the browser's cache) cannot be drawn; every
 * other screen waits for the connection.
 */
const OFFLINE_SHOWN = [
  '/admin/dgtraining',
  '/admin/bonus',
  '/admin/digistore/training',
  '/admin/notes',
  '/admin/calendar',
  '/admin/contacts',
  '/admin/accountdetail',
  '/admin/updateprofile',
  '/admin/upgrade',
]
const OFFLINE_UNLOADED = ['/admin/mobilenav', '/admin/aitools', '/admin/chatbot']

/** Marks what the screen shows now, so that `expectScreen` can tell the next screen from it. */
const leaveScreen = (page: Page) =>
  page.evaluate(() => {
    for (const shown of document.querySelectorAll('main > *')) {
      shown.setAttribute('data-screen-left', '')
    }
  })

/** Waits until the app is at `path` and the screen before has made way for it. */
async function expectScreen(page: Page, path: string) {
  await expect(page, path).toHaveURL((url) => url.pathname === path)
  await expect(page.locator('main > :not([data-screen-left])').first(), path).toBeAttached()
}

/**
 * Opens `path`: from a screen of the app, inside it as its links do (the router follows the
 * history's pushState), so the app, its code and what it fetched stay; from elsewhere with a
 * page load.
 */
async function openScreen(page: Page, path: string) {
  if (new URL(page.url()).pathname.startsWith('/admin/')) {
    await leaveScreen(page)
    await page.evaluate((to) => window.history.pushState(null, '', to), path)
  } else {
    await page.goto(path)
  }
  await expectScreen(page, path)
}

/** A loading placeholder or spinner: a status named or worded "Loading …" or "Checking …". */
function busyIndicator(scope: Locator) {
  const words = /^(Loading|Checking)\b/
  return scope
    .getByRole('status', { name: words })
    .or(scope.getByRole('status').filter({ hasText: words }))
    .first()
}

async function expectNoSeriousViolation(page: Page, path: string, state: string, look: Look) {
  expect(await seriousViolations(page), `${path}, ${state}, ${look.name}`).toEqual([])
}

/**
 * Chromium reports each call a test makes fail on purpose as a console error; those, and only
 * those, are not errors of the app.
 */
function forgiveFailedLoads(consoleErrors: string[], ...expected: RegExp[]) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (expected.some((pattern) => pattern.test(consoleErrors[i]!))) consoleErrors.splice(i, 1)
  }
}
const SERVER_FAILED =
  /^console: Failed to load resource: the server responded with a status of 500 /
const REFUSED = /^console: Failed to load resource: the server responded with a status of 403 /
const NETWORK_FAILED = /^console: Failed to load resource: net::ERR_FAILED$/
const DISCONNECTED = /^console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/
const CODE_NOT_LOADED = /^console: TypeError: Failed to fetch dynamically imported module: /

/** Answers every call of the API with the server's 500. */
const failCalls = (page: Page) =>
  page.route(isApiCall, (route) => route.fulfill({ status: 500, json: SERVER_FAILURE }))

/** Opens `path` while its calls fail, checks that it shows the failure, then runs axe. */
async function checkFailed(page: Page, path: string, look: Look) {
  await openScreen(page, path)
  const main = page.getByRole('main')
  if (NO_ERROR_STATE.includes(path)) {
    await expect(main.getByRole('heading').first(), path).toBeVisible()
  } else {
    await expect(
      main.getByRole('alert').filter({ hasText: SERVER_FAILURE.message }).first(),
      path,
    ).toBeVisible()
  }
  // Every part of the screen has given up, not only the first.
  await expect(busyIndicator(main), path).toBeHidden()
  await expectNoSeriousViolation(page, path, 'error', look)
}

for (const look of [LIGHT, DARK, PHONE]) {
  test(`no serious accessibility violation on the screens whose calls fail: ${look.name}`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    await useSession(page, request, 'member')
    await setLook(page, look)
    await failCalls(page)
    for (const path of MEMBER_SCREENS) await checkFailed(page, path, look)

    await page.unrouteAll()
    await useSession(page, request, 'admin')
    await failCalls(page)
    for (const path of ADMIN_SCREENS) await checkFailed(page, path, look)

    forgiveFailedLoads(consoleErrors, SERVER_FAILED)
  })
}

test('no serious accessibility violation where the connection fails', async ({
  page,
  request,
  consoleErrors,
}) => {
  await useSession(page, request, 'member')
  await setLook(page, LIGHT)
  await page.route(isApiCall, (route) => route.abort('failed'))
  await openScreen(page, '/admin/dashboard')
  // A call that got no answer is tried twice more before the screen gives up.
  const main = page.getByRole('main')
  await expect(main.getByRole('alert').filter({ hasText: 'Network Error' }).first()).toBeVisible()
  await expect(busyIndicator(main)).toBeHidden()
  await expectNoSeriousViolation(page, '/admin/dashboard', 'connection failed', LIGHT)
  forgiveFailedLoads(consoleErrors, NETWORK_FAILED)
})

/** Leaves every call that `held` picks unanswered: the screens stay as they are while loading. */
const holdCalls = (page: Page, held: (url: URL) => boolean) =>
  page.route(
    (url) => isApiCall(url) && held(url),
    () => {},
  )

for (const look of [LIGHT, DARK, PHONE]) {
  test(`no serious accessibility violation on the screens while their data loads: ${look.name}`, async ({
    page,
    request,
  }) => {
    await useSession(page, request, 'member')
    await setLook(page, look)
    // The profile (which areas the member has) comes through; the screens' own data does not.
    await holdCalls(page, (url) => !url.pathname.startsWith('/api/profile/'))
    for (const path of MEMBER_SCREENS) {
      await openScreen(page, path)
      await expect(page.getByRole('button', { name: /, account menu$/ }), path).toBeVisible()
      const main = page.getByRole('main')
      if (WITHOUT_CALLS.includes(path) || PROFILE_SCREENS.includes(path)) {
        await expect(main.getByRole('heading').first(), path).toBeVisible()
      } else {
        await expect(busyIndicator(main), path).toBeVisible()
      }
      await expectNoSeriousViolation(page, path, 'loading', look)
    }

    // Until the profile arrives, the top bar and the screens that need it wait as well.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await holdCalls(page, () => true)
    for (const path of ['/admin/dashboard', '/admin/sheet/content', ...PROFILE_SCREENS]) {
      await page.goto(path)
      await expect(
        page.getByRole('banner').getByRole('status', { name: 'Loading your account menu' }),
        path,
      ).toBeVisible()
      await expect(busyIndicator(page.getByRole('main')), path).toBeVisible()
      await expectNoSeriousViolation(page, path, 'loading the profile', look)
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })
}

/**
 * A member of this spec's own, with nothing of their own yet, whose areas each test sets. Signed
 * up once for the server's run (sign-ups are limited per address), signed in after that.
 */
const NEWCOMER = { email: 'nia.newcomer@example.com', password: 'Newcomer#2026' }

async function newcomerSession(page: Page, request: APIRequestContext, areas: AreaKey[]) {
  const signIn = await request.post(`${baseURL()}/api/auth/login`, { data: NEWCOMER })
  if (signIn.status() !== 200) {
    const signUp = await request.post(`${baseURL()}/api/auth/signup`, {
      data: { firstName: 'Nia', lastName: 'Newcomer', ...NEWCOMER },
    })
    expect(signUp.status(), await signUp.text()).toBe(201)
  }
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password)
  const access = await request.put(`${baseURL()}/api/updatePageAccess`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: NEWCOMER.email, areas },
  })
  expect(access.status(), await access.text()).toBe(200)
  const token = await apiLogin(request, NEWCOMER.email, NEWCOMER.password)
  await storeSession(page, { token, email: NEWCOMER.email, role: 'member' })
}

for (const [look, paid, free] of [
  [LIGHT, PAID_SCREENS, FREE_SCREENS],
  [DARK, ['/admin/niche/health', '/admin/chatbot'], ['/admin/dgtraining', '/admin/sheet/leads']],
] as const) {
  test(`no serious accessibility violation on the screens a member may not open: ${look.name}`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const checkLocked = async (path: string, action: string) => {
      await openScreen(page, path)
      const panel = page.getByRole('main').getByTestId('upgrade-panel').first()
      await expect(panel, path).toBeVisible()
      await expect(panel.getByRole('link', { name: action }), path).toBeVisible()
      await expectNoSeriousViolation(page, path, 'locked', look)
    }

    // As signed up: the free areas are open, the paid ones lead to the upgrade options.
    await newcomerSession(page, request, FREE_AREAS)
    await setLook(page, look)
    for (const path of paid) await checkLocked(path, 'See upgrade options')
    await openScreen(page, '/admin/upgrade/upsell1')
    const offer = page.getByRole('main').getByTestId('offer-panel')
    await expect(offer).toBeVisible()
    await expect(offer).not.toContainText('Included in your membership')
    await expectNoSeriousViolation(page, '/admin/upgrade/upsell1', 'not bought', look)

    // An administrator closed every area: the free ones are asked for.
    await newcomerSession(page, request, [])
    for (const path of free) await checkLocked(path, 'Ask us to open it')
    await openScreen(page, '/admin/dashboard')
    const main = page.getByRole('main')
    await expect(main.getByTestId('leads-locked')).toBeVisible()
    await expect(main.getByTestId('resume-card')).toContainText('No course is open to you yet')
    await expect(busyIndicator(main)).toBeHidden()
    await expectNoSeriousViolation(page, '/admin/dashboard', 'nothing open', look)
    await openScreen(page, '/admin/upgrade')
    await expect(main.getByRole('heading', { name: 'Upgrade', exact: true })).toBeVisible()
    await expectNoSeriousViolation(page, '/admin/upgrade', 'nothing open', look)

    // The chatbot asks the server for the conversation, which refuses it: the lock panel shows.
    forgiveFailedLoads(consoleErrors, REFUSED)
  })
}

for (const [look, screens] of [
  [LIGHT, MEMBER_SCREENS],
  [DARK, Object.keys(EMPTY_WORDS)],
] as const) {
  test(`no serious accessibility violation on the screens of a member who has nothing yet: ${look.name}`, async ({
    page,
    request,
  }) => {
    await newcomerSession(page, request, AREA_KEYS)
    await setLook(page, look)
    for (const path of screens) {
      await openScreen(page, path)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading').first(), path).toBeVisible()
      const words = EMPTY_WORDS[path]
      if (words) await expect(main.getByText(words).first(), path).toBeVisible()
      await expect(busyIndicator(main), path).toBeHidden()
      await expectNoSeriousViolation(page, path, 'empty', look)
    }
  })
}

test('no serious accessibility violation on the screens opened offline', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  await useSession(page, request, 'member')
  await page.goto('/admin/dashboard')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  // The dashboard's charts drawn: their code, asked for once a chart comes near, is then in the
  // browser's cache too, as the screens' below; else it may be asked for only once offline.
  await expect(page.getByRole('main').locator('canvas').first()).toBeVisible()
  const linked: string[] = []
  for (const path of MEMBER_SCREENS.filter((p) => p !== '/admin/dashboard')) {
    if ((await nav.locator(`a[href="${path}"]`).count()) > 0) linked.push(path)
  }
  expect(linked).toEqual(expect.arrayContaining([...OFFLINE_SHOWN, ...OFFLINE_UNLOADED]))
  const openFromSidebar = async (path: string) => {
    await leaveScreen(page)
    await nav.locator(`a[href="${path}"]`).click()
    await expectScreen(page, path)
  }
  // The member has opened the screens before, so their code is in the browser's cache; a few
  // they have not.
  for (const path of linked.filter((p) => !OFFLINE_UNLOADED.includes(p))) {
    await openFromSidebar(path)
  }
  await networkQuiet(page)

  for (const look of [LIGHT, DARK]) {
    await setLook(page, look)
    await page.goto('/admin/dashboard')
    // The app has started and the dashboard has all it asked for.
    await expect(page.getByRole('button', { name: /, account menu$/ })).toBeVisible()
    await expect(busyIndicator(page.getByRole('main'))).toBeHidden()
    await networkQuiet(page)
    await context.setOffline(true)
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)
    for (const path of linked) {
      await openFromSidebar(path)
      const main = page.getByRole('main')
      if (OFFLINE_UNLOADED.includes(path)) {
        await expect(
          main.getByRole('alert').filter({ hasText: 'needs a connection' }),
          path,
        ).toBeVisible()
      } else {
        // What the browser holds shows (OFFLINE_SHOWN); what has to come from the server says
        // at once that it could not, instead of waiting.
        await expect(
          main.getByRole('heading').or(main.getByRole('alert')).first(),
          path,
        ).toBeVisible()
        await expect(busyIndicator(main), path).toBeHidden()
      }
      await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()
      await expectNoSeriousViolation(page, path, 'offline', look)
    }
    // A screen whose code is not here reloads the page when the connection returns: away from
    // it first, so that no reload runs into the next look's navigation.
    await openFromSidebar(OFFLINE_SHOWN[0]!)
    await context.setOffline(false)
  }

  forgiveFailedLoads(consoleErrors, DISCONNECTED, CODE_NOT_LOADED)
})

for (const look of [LIGHT, PHONE]) {
  test(`no serious accessibility violation in the search palette, with results: ${look.name}`, async ({
    page,
    request,
  }) => {
    await useSession(page, request, 'member')
    await openApp(page, '/admin/dashboard')
    await setLook(page, look)
    await openApp(page, '/admin/dashboard')
    await page.keyboard.press('Control+k')
    const input = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox')
    await expect(input).toBeFocused()
    await input.fill('niche')
    await expect(page.getByRole('group', { name: 'Found in the text' })).toBeVisible()
    await expectNoSeriousViolation(page, '/admin/dashboard', 'search palette', look)
  })
}
