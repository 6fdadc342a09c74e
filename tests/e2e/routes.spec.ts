import { networkQuiet } from '../network-quiet'
import { memberDetailScreens } from './screens'
import { DEMO, expect, test, useSession } from './support'

/** Every screen a member can open; the fixture fails the test on any console error. */
const MEMBER_SCREENS = [
  '/admin/dashboard',
  '/admin/training/welcome',
  '/admin/notes',
  '/admin/calendar',
  '/admin/sheet/content',
  '/admin/sheet/contentpage',
  '/admin/contentchecklist',
  '/admin/sheet/leads',
  '/admin/virallead',
  '/admin/contacts',
  '/admin/updateprofile',
  '/admin/contactus',
  '/admin/upgrade',
]

for (const width of [1440, 375]) {
  test(`every member screen renders without errors at ${width}px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    const token = await useSession(page, request, 'member')
    const details = await memberDetailScreens(request, token)
    for (const path of [...MEMBER_SCREENS, ...details]) {
      await page.goto(path)
      await expect(page, path).toHaveURL((url) => `${url.pathname}${url.search}` === path)
      await expect(page.getByRole('heading').first(), path).toBeVisible()
      await networkQuiet(page)
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(1)
    }
  })
}

test('the administrators’ screen renders without errors', async ({ page }) => {
  await page.goto('/auth/login')
  await page.getByLabel(/^e-?mail/i).fill(DEMO.admin.email)
  await page.getByLabel(/^password/i).fill(DEMO.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/admin/updateaccess')
  await expect(page.getByRole('heading', { name: 'Members and access' }).first()).toBeVisible()
  await networkQuiet(page)
})
