import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { chromium } from 'playwright-core'

import { chromiumLaunch } from '../../chromium'
import { gotoQuiet } from '../../network-quiet'
import {
  demoMemberStorage,
  percentile,
  startAppServer,
  startProcess,
  storageWith,
} from '../process'
import { duration } from './options'
import { pause, signUp, type Member } from './setup'

/** The screens Chromium loads in turn: the ones that ask the most of the server and the browser. */
export const HEAVY_SCREENS = [
  '/admin/dashboard',
  '/admin/accountdetail',
  '/admin/calendar',
  '/admin/healthniche',
  '/admin/training/module1/lesson1',
  '/admin/chatbot',
]

/** Chromium loading the heaviest screens one after another, from a server of its own. */
async function browseInLoop(dir: string) {
  const server = await startAppServer(dir)
  const browser = await chromium.launch(chromiumLaunch)
  const storage = await demoMemberStorage(server.url)
  const context = await browser.newContext({
    storageState: storageWith(server.url, storage),
  })
  const page = await context.newPage()
  let browsing = true
  let loads = 0
  const loop = (async () => {
    for (let i = 0; browsing; i++) {
      const path = HEAVY_SCREENS[i % HEAVY_SCREENS.length]!
      await gotoQuiet(page, server.url + path).catch(() => undefined)
      loads++
    }
  })()
  return {
    loads: () => loads,
    stop: async () => {
      browsing = false
      await loop
      await browser.close()
      await server.stop()
    },
  }
}

/**
 * One member's steady use: 5 requests a second, in turn the dashboard's reads, a note change, a
 * lesson and a search, each sent on time whether or not the one before has been answered.
 */
async function memberAtFivePerSecond(url: string, member: Member, lesson: string) {
  const auth = { authorization: `Bearer ${member.token}` }
  const requests: [string, RequestInit][] = [
    ['/api/courses', { headers: auth }],
    ['/api/memberinfo', { headers: auth }],
    ['/api/dgmemberinfo', { headers: auth }],
    ['/api/notes', { headers: auth }],
    [
      `/api/notes/${member.notes[0]}`,
      {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Under contention',
          body: 'Changed while the machine is busy.',
        }),
      },
    ],
    [`/api/lesson?path=${encodeURIComponent(lesson)}`, { headers: auth }],
    ['/api/search?q=keyword%20research', { headers: auth }],
  ]
  const answers: { status: number; ms: number }[] = []
  const sent: Promise<void>[] = []
  const start = performance.now()
  for (let i = 0; i < duration * 5; i++) {
    const [path, init] = requests[i % requests.length]!
    const at = performance.now()
    sent.push(
      fetch(url + path, init).then(
        async (res) => {
          await res.arrayBuffer()
          answers.push({ status: res.status, ms: performance.now() - at })
        },
        () => void answers.push({ status: 0, ms: performance.now() - at }),
      ),
    )
    await pause(start + (i + 1) * 200 - performance.now())
  }
  await Promise.all(sent)
  const ms = answers.map((a) => a.ms)
  return {
    requests: answers.length,
    shed: answers.filter((a) => a.status === 503).length,
    errors: answers.filter((a) => a.status !== 503 && (a.status < 200 || a.status >= 300)).length,
    latency: `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} / ${Math.max(...ms).toFixed(0)}`,
  }
}

/** A ClickBank export of `rows` sales no earlier import had, as the network's CSV. */
function clickbankExport(nickname: string, batch: number, rows: number) {
  const lines = [
    'Transaction Date,Receipt,Transaction Type,Vendor,Affiliate,Item,Product Title,Customer Country,Currency,Amount,Tracking ID',
  ]
  const year = 365 * 24 * 3600 * 1000
  for (let i = 0; i < rows; i++) {
    const at = new Date(Date.now() - ((i * 7919) % year)).toISOString()
    const product = i % 5
    lines.push(
      `${at},CB${batch}X${i}Z,SALE,vendor${product},${nickname},P${product},"Product ${product}",US,USD,${(10 + (i % 50)).toFixed(2)},load`,
    )
  }
  return lines.join('\n')
}

/** A second member importing CSV files of 10,000 earnings rows, one after another, until stopped. */
function importInLoop(url: string, member: Member) {
  let importing = true
  let files = 0
  let shed = 0
  const nickname = `load${Date.now() % 100000}`
  const auth = { authorization: `Bearer ${member.token}` }
  const done = (async () => {
    const connected = await fetch(`${url}/api/creatememberinfo`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname }),
    })
    if (!connected.ok) throw new Error(`could not connect an account: ${connected.status}`)
    while (importing) {
      const body = new FormData()
      const csv = clickbankExport(nickname, files + shed, 10_000)
      body.append('file', new Blob([csv], { type: 'text/csv' }), 'clickbank.csv')
      const res = await fetch(`${url}/api/earnings/accounts/clickbank/import`, {
        method: 'POST',
        headers: auth,
        body,
      })
      if (res.status === 503) {
        shed++
        await pause(2000)
      } else if (!res.ok) {
        throw new Error(`an import failed: ${res.status} ${await res.text()}`)
      } else {
        files++
      }
    }
  })()
  return {
    stop: async () => {
      importing = false
      await done
      return `${files} × 10,000${shed ? `, ${shed} shed` : ''}`
    },
  }
}

export async function contention(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-contention-'))
  // The measured server runs with the shedding settings a new user gets.
  const server = await startProcess(
    'server/server.ts',
    {
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      EARNINGS_SYNC_MINUTES: '0',
      ...env,
    },
    '/api/health',
  )
  const browsing = await browseInLoop(join(dir, 'browser'))
  try {
    const member = await signUp(server.url, 0)
    const importer = await signUp(server.url, 1)
    const courses = await fetch(`${server.url}/api/courses`, {
      headers: { authorization: `Bearer ${member.token}` },
    })
    const list = (await courses.json()) as {
      data: { courses: { lessons: { path: string; locked: boolean }[] }[] }
    }
    const lesson = list.data.courses.flatMap((c) => c.lessons).find((l) => !l.locked)!.path
    await pause(5000) // Chromium is under way
    const row = (meanwhile: string, f: Awaited<ReturnType<typeof memberAtFivePerSecond>>) => [
      label,
      meanwhile,
      String(f.requests),
      String(f.shed),
      String(f.errors),
      f.latency,
    ]
    let loadsBefore = browsing.loads()
    const alone = row('Chromium', await memberAtFivePerSecond(server.url, member, lesson))
    alone.push(String(browsing.loads() - loadsBefore), '—')
    loadsBefore = browsing.loads()
    const imports = importInLoop(server.url, importer)
    const importing = row(
      'Chromium, CSV imports',
      await memberAtFivePerSecond(server.url, member, lesson),
    )
    importing.push(String(browsing.loads() - loadsBefore), await imports.stop())
    return [alone, importing]
  } finally {
    await browsing.stop()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
