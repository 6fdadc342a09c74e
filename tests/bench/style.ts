/**
 * What the page's stylesheets cost the browser: how long one style recalculation of a whole
 * prerendered page takes in Chromium, for this build (dist/) and, with `--beside DIR`, another
 * (another commit's dist/), taking turns. The page is each build's own prerendered HTML with its
 * stylesheets and no script; a variable changed on the root element makes every element's style
 * be worked out again, the work a phone does each time the app's start-up changes the page. The
 * CPU is not slowed and nothing is simulated: the two builds' figures read against each other,
 * and are steadier than a start-up's (which the rest of the machine moves by a quarter), so a
 * change to the CSS alone is told apart where `bench:lighthouse` cannot.
 *
 *   npm run bench:style [-- --beside DIR --rounds 16 --page admin/dashboard]
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import { printTable, root } from './process'

const { values } = parseArgs({
  options: {
    beside: { type: 'string' },
    rounds: { type: 'string', default: '16' },
    page: { type: 'string', default: 'admin/dashboard' },
  },
})
const rounds = Math.max(1, Math.min(50, Number(values.rounds)))
const builds = [join(root, 'dist'), ...(values.beside ? [resolve(values.beside)] : [])]
for (const dir of builds) {
  if (!existsSync(join(dir, 'pages', `${values.page}.html`))) {
    throw new Error(`${dir}: no pages/${values.page}.html (build first: npx vite build)`)
  }
}

/** The page as a member's browser first draws it: its HTML and CSS, its scripts left out. */
function pageOf(dir: string) {
  return readFileSync(join(dir, 'pages', `${values.page}.html`), 'utf8')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]*modulepreload[^>]*>/g, '')
    .replace(
      /<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g,
      (_link, href: string) => `<style>${readFileSync(join(dir, href), 'utf8')}</style>`,
    )
    .replace('<html', '<html data-session')
}

const RECALCULATIONS = 200
const browser = await chromium.launch(chromiumLaunch)
const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
const times = builds.map(() => [] as number[])
let elements = 0
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, dir] of builds.entries()) {
      await page.setContent(pageOf(dir))
      // No function declared inside: tsx would wrap it in a helper the page does not have.
      const { ms, count } = await page.evaluate((times) => {
        const html = document.documentElement
        let start = 0
        for (let i = 0; i < times + 5; i++) {
          if (i === 5) start = performance.now()
          html.style.setProperty('--bench-round', String(i))
          void document.body.offsetHeight
        }
        return {
          ms: (performance.now() - start) / times,
          count: document.querySelectorAll('*').length,
        }
      }, RECALCULATIONS)
      times[i]!.push(ms)
      elements = count
    }
  }
} finally {
  await browser.close()
}

const sorted = times.map((list) => [...list].sort((a, b) => a - b))
const median = (list: number[]) => list[list.length >> 1]!
console.log(
  `One style recalculation of /${values.page} as prerendered (${elements} elements), ` +
    `${rounds} rounds of ${RECALCULATIONS}, Chromium at full speed\n`,
)
printTable([
  ['build', 'median ms', 'fastest ms', 'slowest ms', '÷ this build'],
  ...builds.map((dir, i) => [
    i === 0 ? 'this build (dist/)' : dir,
    median(sorted[i]!).toFixed(3),
    sorted[i]![0]!.toFixed(3),
    sorted[i]!.at(-1)!.toFixed(3),
    (median(sorted[i]!) / median(sorted[0]!)).toFixed(2) + '×',
  ]),
])
