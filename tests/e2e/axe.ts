import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import type { Page } from '@playwright/test'

/** A window size, colour mode and direction to check a screen in. */
export interface Look {
  name: string
  mode: 'light' | 'dark'
  dir: 'ltr' | 'rtl'
  width: number
}

/** axe-core's script, to add to a page. */
export const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/**
 * axe-core's serious and critical violations on the page as it is now. axe is added to the page
 * as a script, which the app's security policy refuses: a spec that calls this sets
 * `test.use({ bypassCSP: true })`.
 */
export async function seriousViolations(page: Page) {
  // Once for each page load: a screen opened inside the app keeps it.
  if (await page.evaluate(() => !('axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    // A transition under way (a sidebar entry turning current, a panel fading in) is checked
    // once it has ended, not halfway between two colours.
    await Promise.all(
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((a) => a.finished.catch(() => undefined)),
    )
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

/** Sizes the window for `look` and stores its colour mode and direction for the next page load. */
export async function setLook(page: Page, look: Look) {
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
