import type { APIRequestContext, Page } from '@playwright/test'

import { networkQuiet } from '../network-quiet'
import { setLook } from './axe'
import { MEMBER_SCREENS, memberDetailScreens } from './screens'
import { DEMO, expect, test, useSession } from './support'

/**
 * Every route at 375 px, in light, dark and right to left: the page is never wider than the
 * phone, no stat tile's figure is cut off, no table scrolls sideways (a list becomes cards),
 * and every row's actions can be reached without scrolling anything sideways.
 */
const PHONE_LOOKS = [
  { name: '375 px, light', mode: 'light', dir: 'ltr', width: 375 },
  { name: '375 px, dark', mode: 'dark', dir: 'ltr', width: 375 },
  { name: '375 px, right to left', mode: 'light', dir: 'rtl', width: 375 },
] as const

const PUBLIC_ROUTES = [
  '/auth/login',
  '/auth/forgot-password',
  '/auth/maintenance',
  '/auth/404',
  '/userform',
  '/api/reference',
]

/** Every member screen the other specs open, and the rest of the member's routes. */
const MEMBER_ROUTES = [
  ...new Set([
    ...MEMBER_SCREENS,
    '/admin/bonus/realworld/chapter1',
    '/admin/bonus/sidehustle/chapter1',
    '/admin/digistore/step1',
    '/admin/moneymaking',
    '/admin/introglobal',
    '/admin/introinstabio',
    '/admin/introquickcash',
    '/admin/introvirallead',
    '/admin/upgrade/upsell2',
    '/admin/upgrade/upsell3',
    '/admin/upgrade/dfyvideo',
    '/admin/mobquickhealth2',
    '/admin/mobquickhealth3',
    '/admin/sheet/viralpage',
  ]),
]

const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/updateaccess',
  '/admin/insights?tab=courses',
  '/admin/insights?tab=nudges',
  '/admin/insights?tab=earnings',
]

async function adminDetails(request: APIRequestContext, token: string) {
  const auth = { headers: { authorization: `Bearer ${token}` } }
  const members = (await (
    await request.get(`/api/getmember?search=${encodeURIComponent(DEMO.member.email)}`, auth)
  ).json()) as { data: { items: { id: string }[] } }
  return [`/admin/insights/member/${members.data.items[0]!.id}`]
}

/** What does not fit a phone on the page as it is now, each as a sentence naming it. */
function phoneProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    const width = window.innerWidth
    const describe = (el: Element) => {
      const named =
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)
      return `${el.tagName.toLowerCase()} “${named}”`
    }
    const pageWidth = document.documentElement.scrollWidth
    if (pageWidth > width + 1) problems.push(`the page is ${pageWidth} px wide`)

    // A figure cut off in a stat tile.
    for (const figure of document.querySelectorAll('[data-stat-tile] [data-fit]')) {
      const el = figure as HTMLElement
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        problems.push(`cut off in a stat tile: ${describe(el)}`)
      }
    }

    // A table wider than its box: its rows' end is off to the side.
    for (const table of document.querySelectorAll('table')) {
      const box = table.parentElement!
      if (table.getBoundingClientRect().width > box.clientWidth + 1) {
        problems.push(`a table scrolls sideways: ${describe(table)}`)
      }
    }

    // Each row action, visible without scrolling sideways: inside the window and every box
    // that clips it.
    const clipped = (el: Element) => {
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.left < -1 || rect.right > width + 1) return true
      for (let box = el.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box)
        if (style.overflowX === 'visible') continue
        const clip = box.getBoundingClientRect()
        if (rect.left < clip.left - 1 || rect.right > clip.right + 1) return true
      }
      return false
    }
    for (const actions of document.querySelectorAll('[data-row-actions]')) {
      for (const button of actions.querySelectorAll('button, a')) {
        if (clipped(button)) problems.push(`a row action out of reach: ${describe(button)}`)
      }
    }
    return problems
  })
}

async function checkRoutes(page: Page, paths: string[], found: string[]) {
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('heading').first(), path).toBeVisible()
    await networkQuiet(page)
    for (const problem of await phoneProblems(page)) found.push(`${path}: ${problem}`)
  }
}

for (const look of PHONE_LOOKS) {
  test(`every route fits a phone: ${look.name}`, async ({ page, request }) => {
    test.setTimeout(300_000)
    const found: string[] = []
    await page.goto('/auth/login')
    await setLook(page, look)
    await checkRoutes(page, PUBLIC_ROUTES, found)

    const member = await useSession(page, request, 'member')
    await checkRoutes(
      page,
      [...MEMBER_ROUTES, ...(await memberDetailScreens(request, member))],
      found,
    )

    const admin = await useSession(page, request, 'admin')
    await checkRoutes(page, [...ADMIN_ROUTES, ...(await adminDetails(request, admin))], found)
    expect(found).toEqual([])
  })
}
