/**
 * A member's own sheet at 5,000 rows, in Debian's Chromium with the CPU slowed 4× (as
 * Lighthouse's phone preset does): the real server on a fresh embedded database, the demo
 * member's health sheet filled through the API. Prints, medians of the runs (default 3):
 *
 * - the time from the list's answer arriving to its first rows on screen (render),
 * - scrolling the sheet from top to bottom a screenful per frame (a fling): frame times
 *   (median, 95th percentile, worst) and the long tasks (over 50 ms) while it scrolls,
 * - scrolling 120 px per frame (a mouse wheel) for 300 frames: frame times,
 * - Page Down pressed 20 times on the grid: the time until the active cell is the 201st row's.
 *
 *   npm run bench:sheet [-- --runs 3 --rows 5000]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { chromium } from 'playwright-core'

import { MAX_BATCH_ROWS } from '@schemas/niche-items'

import { chromiumLaunch } from '../chromium'
import { demoMemberStorage, printTable, startAppServer, storageWith } from './process'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, rows: { type: 'string', default: '5000' } },
})
const runs = Math.max(1, Math.min(9, Number(values.runs)))
const rowCount = Math.max(100, Math.min(5000, Number(values.rows)))
const CPU_SLOWDOWN = 4

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** Rows as a member would write them: every column filled, texts of realistic length. */
const row = (i: number) => ({
  subNiche: `Sub-niche ${i % 40}`,
  audience: `Audience group ${i % 25}: busy parents who want short routines`,
  pain: 'No time or childcare to get to a gym, so the workouts keep slipping week after week',
  offerCategory: 'Home workout video programs (ClickBank Health & Fitness)',
  hook: `Hook ${i}: you need 20 minutes and a patch of floor, not a gym membership`,
  postFormat: (['reel', 'carousel', 'story', 'email'] as const)[i % 4],
  postIdea:
    'Film a real 20-minute living-room routine in four clips (warm-up, legs, core, stretch) with one tip on screen for each clip.',
  cta: 'Save this for tomorrow morning and follow for the week-2 routine',
  hashtags: '#homeworkout #busymom #20minuteworkout',
  status: (['idea', 'drafted', 'scheduled', 'posted'] as const)[i % 4],
  note: 'Show the routine, not a body. Disclose the affiliate link where you post it.',
})

const dir = mkdtempSync(join(tmpdir(), 'members-area-sheet-'))
const server = await startAppServer(dir)
const browser = await chromium.launch(chromiumLaunch)
try {
  const stored = await demoMemberStorage(server.url)
  const headers = {
    authorization: `Bearer ${stored.authToken}`,
    'content-type': 'application/json',
  }
  for (let i = 0; i < rowCount; i += MAX_BATCH_ROWS) {
    const rows = Array.from({ length: Math.min(MAX_BATCH_ROWS, rowCount - i) }, (_, j) =>
      row(i + j),
    )
    const res = await fetch(`${server.url}/api/healthniche/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ rows }),
    })
    if (res.status !== 201) throw new Error(`filling the sheet: ${res.status} ${await res.text()}`)
  }

  const results: {
    render: number
    p50: number
    p95: number
    worst: number
    long: number
    wheel50: number
    wheel95: number
    keys: number
  }[] = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      storageState: storageWith(server.url, stored),
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${server.url}/admin/healthniche`)
    const grid = page.getByRole('grid', { name: 'My sheet' })
    await grid.locator('[aria-rowindex="2"]').waitFor({ timeout: 60_000 })
    const render = await page.evaluate(() => {
      const shown = performance.now()
      const list = performance
        .getEntriesByType('resource')
        .find((e) => /\/api\/healthniche\/[0-9a-f-]{36}$/.test(e.name)) as PerformanceResourceTiming
      return shown - list.responseEnd
    })
    const rowsInSheet = await grid.getAttribute('aria-rowcount')
    if (Number(rowsInSheet) !== rowCount + 1) throw new Error(`the sheet shows ${rowsInSheet} rows`)

    const scroll = await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('.sheet-scroll')!
      const long: number[] = []
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) long.push(entry.duration)
      })
      observer.observe({ type: 'longtask' })
      const frames: number[] = []
      let last = performance.now()
      const step = box.clientHeight
      while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
        box.scrollTop += step
        await new Promise((r) => requestAnimationFrame(r))
        const now = performance.now()
        frames.push(now - last)
        last = now
      }
      await new Promise((r) => setTimeout(r, 100))
      observer.disconnect()
      return { frames, long }
    })
    const frames = [...scroll.frames].sort((a, b) => a - b)

    const wheel = await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('.sheet-scroll')!
      box.scrollTop = 0
      await new Promise((r) => setTimeout(r, 200))
      const frames: number[] = []
      let last = performance.now()
      for (let i = 0; i < 300; i++) {
        box.scrollTop += 120
        await new Promise((r) => requestAnimationFrame(r))
        const now = performance.now()
        frames.push(now - last)
        last = now
      }
      return frames.sort((a, b) => a - b)
    })

    // Back to the top, then 20 × Page Down: ten rows each.
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('.sheet-scroll')!.scrollTop = 0
    })
    await grid.focus()
    await page.keyboard.press('Control+Home')
    const started = Date.now()
    for (let i = 0; i < 20; i++) await page.keyboard.press('PageDown')
    await page.waitForFunction(() => {
      const grid = document.querySelector('[role="grid"]')!
      const cell = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '')
      return cell?.closest('[role="row"]')?.getAttribute('aria-rowindex') === '202'
    })
    const keys = Date.now() - started

    results.push({
      render,
      p50: median(frames),
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      worst: frames.at(-1) ?? 0,
      long: scroll.long.length,
      wheel50: median(wheel),
      wheel95: wheel[Math.floor(wheel.length * 0.95)] ?? 0,
      keys,
    })
    await context.close()
    process.stderr.write('.')
  }
  process.stderr.write('\n')
  const ms = (n: number) => `${Math.round(n)} ms`
  console.log(
    `A sheet of ${rowCount.toLocaleString('en')} rows, CPU ${CPU_SLOWDOWN}× slower, medians of ${runs}\n`,
  )
  printTable([
    ['measure', 'value'],
    ['render: list answer to first rows shown', ms(median(results.map((r) => r.render)))],
    ['fling, a screenful a frame: frame, median', ms(median(results.map((r) => r.p50)))],
    ['fling: frame, 95th percentile', ms(median(results.map((r) => r.p95)))],
    ['fling: worst frame', ms(median(results.map((r) => r.worst)))],
    ['fling: long tasks (> 50 ms), top to bottom', String(median(results.map((r) => r.long)))],
    ['wheel, 120 px a frame: frame, median', ms(median(results.map((r) => r.wheel50)))],
    ['wheel: frame, 95th percentile', ms(median(results.map((r) => r.wheel95)))],
    ['20 × Page Down to row 201', ms(median(results.map((r) => r.keys)))],
  ])
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
