import { COURSE_OVERVIEWS, SPEC_CONTENT_PATHS } from '../fixtures/course-paths'
import { networkQuiet } from '../network-quiet'
import { apiLogin, DEMO, expect, openApp, test, useSession } from './support'

/** Every course screen of the specification. */
const COURSE_SCREENS = [...COURSE_OVERVIEWS, ...SPEC_CONTENT_PATHS]

test('a member reads a lesson to its end, finds it completed after a reload, and resumes from the dashboard', async ({
  page,
  request,
}) => {
  const token = await useSession(page, request, 'member')
  const path = '/admin/training/module1/lesson1'
  const next = '/admin/training/module1/lesson2'
  // From a clean start, also when the test runs again.
  for (const lesson of [path, next]) {
    await request.put(`/api/lesson/progress?path=${encodeURIComponent(lesson)}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { completed: false, position: 0 },
    })
  }
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible()
  // Read down to the end of the text.
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(50)
  }
  await expect(page.getByText('Completed', { exact: true })).toBeVisible()
  await networkQuiet(page)
  await page.reload()
  await expect(page.getByText('Completed', { exact: true })).toBeVisible()

  // Halfway through the next lesson, then away: the dashboard offers to continue there. Its
  // progress reaches the server late: "Continue" pressed before it lands still opens there.
  let landProgress = () => {}
  const progressLands = new Promise<void>((resolve) => (landProgress = resolve))
  await page.route(
    (url) => url.pathname === '/api/lesson/progress' && url.searchParams.get('path') === next,
    async (route) => {
      await progressLands
      await route.continue()
    },
  )
  await page.goto(next)
  await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible()
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.mouse.wheel(0, height / 2)
  // Its position drawn from this scroll (a figure from before it would leave nothing to save).
  await expect(page.getByText(/\d+% read/)).toHaveText(/^[2-9]\d% read$/)
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  // Off the links: on a phone's layout the pointer left there can rest on "Continue", whose
  // hover starts reading the lesson before the press this test makes.
  await page.mouse.move(1, 1)
  const card = page.getByTestId('resume-card')
  await expect(card.getByRole('heading', { name: 'Continue where you left off' })).toBeVisible()
  // On a phone the card keeps the height it had while loading: nothing below it moves.
  await page.setViewportSize({ width: 375, height: 812 })
  await expect
    .poll(() => card.evaluate((el) => Math.round(el.getBoundingClientRect().height)))
    .toBe(171)
  await expect(card.locator('p[title]')).toHaveAttribute('title', /· \d+% read$/)
  await page.setViewportSize({ width: 1440, height: 900 })
  await card.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL(new RegExp(`${next}$`))
  // The lesson is read once its progress is answered.
  await expect(page.getByRole('status', { name: 'Loading the lesson' })).toBeVisible()
  landProgress()
  await expect(page.getByText('Picked up where you left off.')).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
})

test('a member without the bonus area sees the upgrade panel and none of the text', async ({
  page,
  request,
  consoleErrors,
}) => {
  const adminToken = await apiLogin(request, DEMO.admin.email, DEMO.admin.password)
  const setAreas = (areas: string[]) =>
    request.put('/api/updatePageAccess', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { email: DEMO.member2.email, areas },
    })
  const before = (await (
    await request.get(`/api/profile/${encodeURIComponent(DEMO.member2.email)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json()) as { data: { areas: string[] } }
  expect((await setAreas(before.data.areas.filter((a) => a !== 'bonus'))).status()).toBe(200)
  try {
    await useSession(page, request, 'member2')
    const lessonText = page.waitForResponse((r) => r.url().includes('/api/lesson?'))
    await page.goto('/admin/bonus/realworld/chapter1')
    expect((await lessonText).status()).toBe(403)
    const panel = page.getByTestId('upgrade-panel')
    await expect(panel).toBeVisible()
    await expect(panel).toContainText('Bonus courses')
    await expect(page.locator('.lesson-body')).toHaveCount(0)
    // The browser logs the refused lesson requests itself; those 403s are the point of this test.
    await networkQuiet(page)
    const others = consoleErrors.filter((e) => !e.includes('status of 403'))
    expect(others.length).toBeLessThan(consoleErrors.length)
    consoleErrors.splice(0, consoleErrors.length, ...others)
  } finally {
    await setAreas(before.data.areas)
  }
})

test('the palette finds a lesson by a word of its text and opens it', async ({ page, request }) => {
  await useSession(page, request, 'member')
  // The shortcut is the app's: wait for it to take over the prerendered page.
  await openApp(page, '/admin/dashboard')
  await expect(page.getByTestId('resume-card')).toBeVisible()
  await page.keyboard.press('Control+k')
  const input = page.getByRole('combobox', {
    name: 'Search screens, lessons, notes and the community',
  })
  await expect(input).toBeVisible()
  await input.fill('gravity')
  const hit = page
    .getByRole('option')
    .filter({ has: page.locator('mark') })
    .first()
  await expect(hit).toBeVisible()
  const title = (await hit.locator('mark').first().textContent())!.toLowerCase()
  expect(title).toContain('gravity')
  await hit.click()
  // It opens at the heading of the part of the lesson that matched.
  await expect(page).toHaveURL(/\/admin\/[^#]+#[a-z0-9-]+$/)
  const part = decodeURIComponent(new URL(page.url()).hash.slice(1))
  await expect(page.locator('.lesson-body')).toContainText(/gravity/i)
  await expect(page.locator(`[id="${part}"]`)).toBeInViewport()
})

test('the palette keeps the page behind out of reach: modal to assistive technology, the focus kept in, a press outside closes it and reaches nothing', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member')
  await page.setViewportSize({ width: 1280, height: 800 })
  await openApp(page, '/admin/dashboard')
  await expect(page.getByTestId('resume-card')).toBeVisible()
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  const input = dialog.getByRole('combobox')
  await expect(input).toBeFocused()
  // Tab and Shift Tab go round the palette's own controls.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  }
  // A press on the dimmed page below the palette closes it and does not reach the link there.
  const box = (await dialog.boundingBox())!
  const below = { x: 300, y: Math.min(790, box.y + box.height + 40) }
  // The dimmed page is the modal dialog's backdrop: a press there lands on the dialog itself.
  const under = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.tagName ?? null,
    below,
  )
  expect(under).toBe('DIALOG')
  const url = page.url()
  await page.mouse.click(below.x, below.y)
  await expect(dialog).toBeHidden()
  expect(page.url()).toBe(url)
  // Opened from the top bar's button, Escape closes it and gives the focus back to the button.
  const button = page.getByRole('button', { name: 'Search (Ctrl K)' })
  await button.click()
  await expect(input).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()
})

for (const width of [1440, 375]) {
  test(`every course screen renders without errors or sideways overflow at ${width}px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await useSession(page, request, 'admin')
    for (const path of COURSE_SCREENS) {
      await page.goto(path)
      await expect(page, path).toHaveURL((url) => url.pathname === path)
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
      // Loaded: nothing busy but the parts built once the member scrolls near them.
      await expect(page.locator('[aria-busy="true"]:not([data-when-near])'), path).toHaveCount(0)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(1)
    }
  })
}
