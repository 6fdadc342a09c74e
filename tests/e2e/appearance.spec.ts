import { type Page } from '@playwright/test'

import { DEMO, expect, signIn, test, useSession } from './support'

const html = (page: Page) => page.locator('html')

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Customize appearance' }).click()
  const panel = page.getByRole('dialog', { name: 'Customize' })
  await expect(panel).toBeVisible()
  return panel
}

test.describe('appearance', () => {
  test('dark mode, rtl and a theme chosen in the customizer survive a reload', async ({ page }) => {
    await signIn(page, DEMO.member.email, DEMO.member.password)
    await expect(html(page)).toHaveAttribute('dir', 'ltr')
    // The page colour comes from the theme's global CSS (a stylesheet of its own in the build).
    const body = page.locator('body')
    await expect(body).toHaveCSS('background-color', 'rgb(244, 247, 251)')

    const panel = await openCustomizer(page)
    await panel.getByText('Dark', { exact: true }).click()
    await panel.getByText('Green', { exact: true }).click()
    await panel.getByRole('slider', { name: 'Corner radius' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(html(page)).toHaveCSS('--app-radius', '8px')
    await panel.getByText('Right to left', { exact: true }).click()

    // Applied at once, before any reload.
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await expect(body).toHaveCSS('background-color', 'rgb(30, 39, 54)')
    await expect(html(page)).toHaveAttribute('dir', 'rtl')
    await expect(html(page)).toHaveAttribute('data-theme', 'GREEN_THEME')
    // In rtl the sidebar sits on the right.
    await page.keyboard.press('Escape')
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    const box = await sidebar.boundingBox()
    expect(box!.x + box!.width).toBeGreaterThan(1440 - 2)

    // Hold the app's entry script back: the saved appearance must already be on <html>
    // before the app runs (no flash of the light, left-to-right page).
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.reload({ waitUntil: 'commit' })
    await expect
      .poll(() =>
        page.evaluate(() => ({
          dir: document.documentElement.dir,
          dark: document.documentElement.classList.contains('dark'),
          theme: document.documentElement.dataset.theme,
          radius: document.documentElement.style.getPropertyValue('--app-radius'),
          // The loading screen (beside the prerendered page) goes when the app renders.
          appStarted: document.querySelector('#root > .boot') === null,
        })),
      )
      .toEqual({ dir: 'rtl', dark: true, theme: 'GREEN_THEME', radius: '8px', appStarted: false })
    release()
    await expect(page.locator('[data-prerendered]')).toHaveCount(0)

    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
    await expect(html(page)).toHaveAttribute('dir', 'rtl')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await expect(html(page)).toHaveAttribute('data-theme', 'GREEN_THEME')
    const again = await openCustomizer(page)
    await expect(again.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect(again.getByRole('radio', { name: 'Right to left' })).toBeChecked()
    await expect(again.getByRole('radio', { name: 'Green' })).toBeChecked()
    await expect(again.getByRole('slider', { name: 'Corner radius' })).toHaveAttribute(
      'aria-valuenow',
      '8',
    )

    // Direction back to ltr follows on <html> too.
    await again.getByText('Left to right', { exact: true }).click()
    await expect(html(page)).toHaveAttribute('dir', 'ltr')
  })

  test('a toast appears top right and is gone after about 3 s', async ({ page }) => {
    await signIn(page, DEMO.member.email, DEMO.member.password)
    const panel = await openCustomizer(page)
    await panel.getByRole('button', { name: 'Reset to defaults' }).click()
    const shownAt = Date.now()

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Appearance reset' })
    await expect(toast).toBeVisible()
    const box = (await toast.boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.y).toBeLessThan(80)
    expect(viewport.width - (box.x + box.width)).toBeLessThan(60)
    expect(box.x).toBeGreaterThan(viewport.width / 2)

    await page.waitForTimeout(2000 - (Date.now() - shownAt))
    await expect(toast).toBeVisible()
    await expect(toast).toHaveCount(0, { timeout: 2500 })
    expect(Date.now() - shownAt).toBeLessThan(4500)
  })

  test('toasts close on click, and wait while the window has no focus', async ({ page }) => {
    await signIn(page, DEMO.member.email, DEMO.member.password)
    const panel = await openCustomizer(page)
    const reset = panel.getByRole('button', { name: 'Reset to defaults' })
    const toast = page.locator('[data-sonner-toast]')

    await reset.click()
    await expect(toast).toHaveCount(1)
    await toast.getByText('Appearance reset to defaults').click()
    await expect(toast).toHaveCount(0, { timeout: 1000 })

    await page.evaluate(() => window.dispatchEvent(new Event('blur')))
    await reset.click()
    await expect(toast).toHaveCount(1)
    await page.waitForTimeout(4000)
    await expect(toast).toHaveCount(1)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(toast).toHaveCount(0, { timeout: 4000 })
  })

  test('at 375×812 the sidebar is a drawer opened from the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await signIn(page, DEMO.member.email, DEMO.member.password)

    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden()
    const navigation = page.getByRole('dialog', { name: 'Navigation' })
    await expect(navigation).toBeHidden()
    // Nothing spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await page.getByRole('button', { name: 'Open navigation' }).click()
    await expect(navigation).toBeVisible()
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await page.keyboard.press('Escape')
    await expect(navigation).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused()

    // Following a link closes the drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await navigation.getByRole('link', { name: 'Dashboard' }).click()
    await expect(navigation).toBeHidden()

    // Widening past lg while the drawer is open hands over to the fixed sidebar.
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await expect(navigation).toBeVisible()
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect(navigation).toBeHidden()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
  })

  test('the desktop sidebar collapses to an icon rail and back', async ({ page }) => {
    await signIn(page, DEMO.member.email, DEMO.member.password)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar).toHaveCSS('width', '280px')
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(sidebar).toHaveCSS('width', '100px')
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await sidebar.getByRole('link', { name: 'Dashboard' }).hover()
    await expect(page.getByRole('tooltip', { name: 'Dashboard' })).toBeVisible()
    await page.reload()
    await expect(sidebar).toHaveCSS('width', '100px')
    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(sidebar).toHaveCSS('width', '280px')
  })
})

test('right to left, the pager’s English range still reads “1–n of n”', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member')
  await page.evaluate(() =>
    localStorage.setItem('appearance', JSON.stringify({ state: { activeDir: 'rtl' }, version: 1 })),
  )
  await page.goto('/admin/sheet/leads')
  const range = page.getByText(/^\d+–\d+ of \d+$/)
  await expect(range).toBeVisible()
  // Where the browser draws the first figure and the word "of": left to right, as written.
  const [figure, word] = await range.evaluate((element) => {
    const text = element.firstChild!
    const at = (start: number, end: number) => {
      const span = document.createRange()
      span.setStart(text, start)
      span.setEnd(text, end)
      return span.getBoundingClientRect().left
    }
    const of = text.textContent!.indexOf(' of ')
    return [at(0, 1), at(of + 1, of + 3)]
  })
  expect(figure).toBeLessThan(word)
})
