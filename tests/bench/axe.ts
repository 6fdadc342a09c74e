/**
 * Accessibility figures: axe-core's serious and critical violations (nodes, and the rules) on
 * every screen the browser suite checks, in its four looks, on the real server with the demo
 * accounts. The browser suite fails on any of them; this prints the count per screen, for a
 * before/after comparison (run it in an older checkout).
 *
 *   npm run bench:axe
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { axeSource } from '../e2e/axe'
import { ADMIN_SCREENS, LOOKS, MEMBER_SCREENS, PUBLIC_SCREENS } from '../e2e/screens'
import { networkQuiet } from '../network-quiet'
import { demoMemberStorage, printTable, startAppServer } from './process'

interface Violation {
  id: string
  impact: string | null
  nodes: unknown[]
}

const dir = mkdtempSync(join(tmpdir(), 'members-area-axe-'))
const server = await startAppServer(dir)
const browser = await chromium.launch(chromiumLaunch)
const counts = new Map<string, string[]>()
try {
  const groups = [
    { label: '', paths: PUBLIC_SCREENS, storage: {} },
    { label: '', paths: MEMBER_SCREENS, storage: await demoMemberStorage(server.url) },
    {
      label: ' (administrator)',
      paths: ADMIN_SCREENS,
      storage: await demoMemberStorage(server.url, {
        email: 'admin@example.com',
        password: 'Admin#2026',
      }),
    },
  ]
  for (const { label, paths, storage } of groups) {
    for (const look of LOOKS) {
      const context = await browser.newContext({
        viewport: { width: look.width, height: look.width === 375 ? 812 : 900 },
        // axe is added to each page as a script, which the app's security policy would refuse.
        bypassCSP: true,
      })
      await context.addInitScript(
        ([storage, mode, dir]) => {
          for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value)
          const stored = JSON.parse(
            localStorage.getItem('appearance') ?? '{"state":{},"version":1}',
          ) as { state: Record<string, unknown> }
          stored.state = { ...stored.state, activeMode: mode, activeDir: dir }
          localStorage.setItem('appearance', JSON.stringify(stored))
        },
        [storage, look.mode, look.dir] as const,
      )
      const page = await context.newPage()
      for (const path of paths) {
        await page.goto(server.url + path)
        await networkQuiet(page)
        await page.evaluate(axeSource)
        const violations = (await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (d: Document) => Promise<unknown> } }).axe
          return ((await axe.run(document)) as { violations: unknown[] }).violations
        })) as Violation[]
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        const nodes = serious.reduce((sum, v) => sum + v.nodes.length, 0)
        const rules = serious.map((v) => v.id).join(', ')
        const row = counts.get(path + label) ?? []
        row.push(rules ? `${nodes} (${rules})` : String(nodes))
        counts.set(path + label, row)
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}

console.log(`axe-core serious and critical violations (nodes) per screen\n`)
const header = ['screen', ...LOOKS.map((look) => look.name)]
const table = [header, ...[...counts].map(([screen, row]) => [screen, ...row])]
printTable(table)
const total = [...counts.values()].flat().reduce((sum, cell) => sum + parseInt(cell, 10), 0)
console.log(`\n${total} in all`)
