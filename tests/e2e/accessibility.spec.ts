import type { Page } from '@playwright/test'

import { networkQuiet } from '../network-quiet'
import { seriousViolations, setLook, type Look } from './axe'
import {
  ADMIN_SCREENS,
  LOOKS,
  MEMBER_SCREENS,
  memberDetailScreens,
  PUBLIC_SCREENS,
} from './screens'
import { expect, openApp, test, useSession } from './support'

// axe is added to each page as a script, which the app's security policy would refuse.
test.use({ bypassCSP: true })

async function checkScreens(page: Page, paths: string[], look: Look) {
  await setLook(page, look)
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('heading').first(), path).toBeVisible()
    // The browser tab names the screen.
    await expect(page, path).toHaveTitle(/^(?!Members Area$).+ · Members Area$/)
    await networkQuiet(page)
    expect(await seriousViolations(page), `${path}, ${look.name}`).toEqual([])
  }
}

for (const look of LOOKS) {
  test(`no serious accessibility violation on any screen: ${look.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000)
    await page.goto('/auth/login')
    await checkScreens(page, PUBLIC_SCREENS, look)

    const token = await useSession(page, request, 'member')
    await checkScreens(page, MEMBER_SCREENS, look)
    // A thread, and the other screens of one member's own things.
    await checkScreens(page, await memberDetailScreens(request, token), look)

    await useSession(page, request, 'admin')
    await checkScreens(page, ADMIN_SCREENS, look)
  })
}

test('a focused field shows a 2 px ring outside its border', async ({ page }) => {
  await openApp(page, '/auth/login')
  const email = page.getByLabel(/^e-?mail/i)
  await page.keyboard.press('Tab')
  await email.focus()
  const ring = await email.evaluate((input) => {
    const style = getComputedStyle(input)
    return { width: style.outlineWidth, style: style.outlineStyle, offset: style.outlineOffset }
  })
  expect(ring).toEqual({ width: '2px', style: 'solid', offset: '2px' })
})
