import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'

import type { Page } from '@playwright/test'

import { ADMIN_SCREENS, LOOKS, MEMBER_SCREENS, PUBLIC_SCREENS } from './screens'
import { expect, openApp, test, useSession } from './support'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

// axe is added to each page as a script, which the app's security policy would refuse.
test.use({ bypassCSP: true })

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page) {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } }).axe
    const result = (await axe.run(document)) as { violations: Violation[] }
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }))
}

async function setLook(page: Page, look: (typeof LOOKS)[number]) {
  await page.setViewportSize({ width: look.width, height: look.width === 375 ? 812 : 900 })
  await page.evaluate(
    ([mode, dir]) => {
      const key = 'appearance'
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>
      }
      stored.state = { ...stored.state, activeMode: mode, activeDir: dir }
      localStorage.setItem(key, JSON.stringify(stored))
    },
    [look.mode, look.dir] as const,
  )
}

async function checkScreens(page: Page, paths: string[], look: (typeof LOOKS)[number]) {
  await setLook(page, look)
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('heading').first(), path).toBeVisible()
    // The browser tab names the screen.
    await expect(page, path).toHaveTitle(/^(?!Members Area$).+ · Members Area$/)
    await page.waitForLoadState('networkidle')
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

    await useSession(page, request, 'member')
    await checkScreens(page, MEMBER_SCREENS, look)

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
