/**
 * Draws the app's icons for the web app manifest from public/icons/icon.svg, in Debian's
 * Chromium: 192 and 512 px, and a 512 px maskable one whose mark sits inside the safe circle
 * (the middle 80 %) a phone's mask keeps. Run after changing the SVG:
 *
 *   node --import tsx build/make-icons.ts
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../tests/chromium'
import { root } from './vite-plugins/paths'

const dir = join(root, 'public/icons')
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8')
const icons = [
  { file: 'icon-192.png', size: 192, scale: 1 },
  { file: 'icon-512.png', size: 512, scale: 1 },
  // The background fills the square; the mark shrinks to the safe zone.
  { file: 'icon-maskable-512.png', size: 512, scale: 0.7 },
]

const browser = await chromium.launch(chromiumLaunch)
try {
  for (const { file, size, scale } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<body style="margin:0;background:${scale === 1 ? 'transparent' : '#5d87ff'};display:grid;place-items:center;height:100vh">
        <div style="width:${size * scale}px;height:${size * scale}px">${svg}</div></body>`,
    )
    await page.locator('svg').evaluate((el) => el.setAttribute('width', '100%'))
    await page.locator('svg').evaluate((el) => el.setAttribute('height', '100%'))
    await page.screenshot({ path: join(dir, file), omitBackground: scale === 1 })
    await page.close()
  }
} finally {
  await browser.close()
}
