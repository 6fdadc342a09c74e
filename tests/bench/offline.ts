/**
 * The app without a connection, in Debian's Chromium against the built app served by the real
 * server on a fresh embedded database:
 * - what the service worker precaches: files and bytes as built, and as sent (brotli, the
 *   encoding the server answers a browser with);
 * - the time to open a lesson the member opened before, from the reload to its title on screen,
 *   offline (from the worker's caches) and online (the worker in front, the network first),
 *   taking turns, with the CPU as it is and 4× slower.
 *
 *   npm run bench:offline [-- --runs 10]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../chromium'
import {
  demoMemberStorage,
  percentile,
  printTable,
  root,
  startAppServer,
  storageWith,
} from './process'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } })
const runs = Math.max(1, Math.min(50, Number(values.runs)))
const LESSON = '/admin/training/module1/lesson1'

const dist = join(root, 'dist')
const worker = readFileSync(join(dist, 'sw.js'), 'utf8')
const precached = [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]!)
const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0)
let built = 0
let sent = 0
for (const url of precached) {
  const file = join(dist, url)
  built += sizeOf(file)
  sent += sizeOf(`${file}.br`) || sizeOf(file)
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
console.log(
  `precached: ${precached.length} files, ${kib(built)} as built, ${kib(sent)} as sent (brotli)`,
)

const dir = mkdtempSync(join(tmpdir(), 'members-area-offline-'))
const server = await startAppServer(dir)
const browser = await chromium.launch(chromiumLaunch)
try {
  const stored = await demoMemberStorage(server.url)
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    storageState: storageWith(server.url, stored),
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/admin/dashboard`)
  await page.evaluate(async () => {
    const active = (await navigator.serviceWorker.ready).active!
    if (active.state !== 'activated') {
      await new Promise((done) =>
        active.addEventListener('statechange', () => active.state === 'activated' && done(null)),
      )
    }
  })
  await page.goto(`${server.url}${LESSON}`)
  const title = page.getByRole('heading', { level: 1 })
  await title.waitFor()
  const cdp = await context.newCDPSession(page)

  /** From the reload to the lesson's title on screen, in ms. */
  const open = async () => {
    const started = performance.now()
    await page.reload({ waitUntil: 'commit' })
    await title.waitFor()
    return performance.now() - started
  }
  const rows = [['CPU', 'how', 'p50 ms', 'p75 ms', 'slowest ms', 'offline ÷ online (p50)']]
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const times = { offline: [] as number[], online: [] as number[] }
    for (let i = 0; i < runs; i++) {
      for (const how of ['offline', 'online'] as const) {
        await context.setOffline(how === 'offline')
        times[how].push(await open())
      }
    }
    await context.setOffline(false)
    const p50 = (list: number[]) => percentile(list, 50)
    for (const how of ['offline', 'online'] as const) {
      rows.push([
        `${rate}×`,
        how,
        p50(times[how]).toFixed(0),
        percentile(times[how], 75).toFixed(0),
        Math.max(...times[how]).toFixed(0),
        how === 'offline' ? `${(p50(times.offline) / p50(times.online)).toFixed(2)}×` : '',
      ])
    }
  }
  console.log(`\nopening ${LESSON} again, ${runs} times each, taking turns:\n`)
  printTable(rows)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
