import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import autocannon from 'autocannon'

import { freePort, startProcess, type Started } from '../process'
import { cycles, duration, MEMBERS, soak } from './options'
import { soakRow, summary } from './report'
import { pause, rssMb, signUp, type Member } from './setup'
import { soakLoad } from './soak'

/** The measured server logs its event-loop lag over windows this long. */
const LAG_WINDOW_SECONDS = 5

/**
 * The server's event-loop lag during [from, to] (ms since the epoch), from the lines it logged
 * for the windows within it: the worst window's p99 (no lower than the p99 of the whole time)
 * and the most.
 */
function lagDuring(server: Started, from: number, to: number) {
  const windows = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"event loop lag"'))
    .map(
      (line) => JSON.parse(line) as { time: number; eventLoopLagMs: { p99: number; max: number } },
    )
    .filter(({ time }) => time - LAG_WINDOW_SECONDS * 1000 >= from && time <= to)
    .map((line) => line.eventLoopLagMs)
  if (!windows.length) return '—'
  return `${Math.max(...windows.map((w) => w.p99))} / ${Math.max(...windows.map((w) => w.max))}`
}

/** Reads of notes and of the session, and note changes (no growth), spread over the members. */
async function mixed(url: string, members: Member[], connections: number, readsOnly = false) {
  let next = 0
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    setupClient: (client) => {
      const m = members[next++ % members.length]!
      const note = m.notes[next % m.notes.length]!
      client.setHeaders({ authorization: `Bearer ${m.token}`, 'content-type': 'application/json' })
      client.setRequests([
        { method: 'GET', path: '/api/notes' },
        { method: 'GET', path: '/api/auth/current' },
        { method: 'GET', path: '/api/notes' },
        readsOnly
          ? { method: 'GET', path: '/api/auth/current' }
          : {
              method: 'PUT',
              path: `/api/notes/${note}`,
              body: JSON.stringify({ title: `Campaign ${next}`, body: `Changed at ${Date.now()}` }),
            },
      ])
    },
  })
  return summary(result)
}

/** kill -9 while one client writes notes one after another; then count what survived. */
async function killCycles(env: Record<string, string>, dir: string) {
  const port = await freePort()
  let server = await startProcess('server/server.ts', env, '/api/health', port)
  const member = await signUp(server.url, 99)
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${member.token}` }
  let acknowledged = 0
  let found = 0
  const restartMs: number[] = []
  try {
    for (let cycle = 0; cycle < cycles; cycle++) {
      const titles: string[] = []
      const killAt = Date.now() + 1000 + Math.random() * 2000
      let killed = false
      const writer = (async () => {
        // Under the member's note limit: the rest of the cycle waits for the kill.
        for (let i = 0; i < 400; i++) {
          const title = `Cycle ${cycle} write ${i}`
          try {
            const res = await fetch(`${server.url}/api/notes`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ title }),
            })
            if (res.status === 201) titles.push(title)
          } catch {
            if (killed) return
          }
          if (killed) return
        }
      })()
      await new Promise((r) => setTimeout(r, killAt - Date.now()))
      process.kill(server.pid, 'SIGKILL')
      killed = true
      await writer
      await new Promise((r) => setTimeout(r, 200))
      const restarting = performance.now()
      server = await startProcess('server/server.ts', env, '/api/health', port)
      restartMs.push(performance.now() - restarting)
      const list = await fetch(`${server.url}/api/notes`, { headers })
      const notes = ((await list.json()) as { data: { id: string; title: string }[] }).data
      const have = new Set(notes.map((n) => n.title))
      acknowledged += titles.length
      found += titles.filter((t) => have.has(t)).length
      // Start each cycle with room under the member's note limit.
      for (const note of notes.filter((n) => n.title.startsWith('Cycle '))) {
        const gone = await fetch(`${server.url}/api/notes/${note.id}`, {
          method: 'DELETE',
          headers: { authorization: headers.authorization },
        })
        if (!gone.ok) throw new Error(`could not delete a note: ${gone.status}`)
      }
    }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return { acknowledged, found, restartMs }
}

export async function onDatabase(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-load-'))
  const serverEnv = {
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    EVENT_LOOP_LOG_SECONDS: String(LAG_WINDOW_SECONDS),
    ...env,
  }
  const server: Started = await startProcess('server/server.ts', serverEnv, '/api/health')
  const rows: string[][] = []
  try {
    const members: Member[] = []
    for (let i = 0; i < MEMBERS; i++) members.push(await signUp(server.url, i))
    if (soak)
      return {
        rows: [soakRow(label, rssMb(server.pid), await soakLoad(server.url, members, server.pid))],
      }
    for (const [connections, readsOnly] of [
      [50, true],
      [50, false],
      [500, false],
    ] as const) {
      const before = rssMb(server.pid)
      const from = Date.now()
      const f = await mixed(server.url, members, connections, readsOnly)
      // The window that closes with the run is logged a moment later.
      await pause(LAG_WINDOW_SECONDS * 1000)
      const after = rssMb(server.pid)
      rows.push([
        label,
        `${connections}${readsOnly ? ', reads only' : ', mixed'}`,
        f.rps.toFixed(0),
        `${f.p50} / ${f.p99} / ${f.max}`,
        String(f.total),
        String(f.shed),
        String(f.errors),
        lagDuring(server, from, Date.now()),
        `${before.toFixed(0)} → ${after.toFixed(0)} MB`,
      ])
    }
  } finally {
    await server.stop()
    if (soak) rmSync(dir, { recursive: true, force: true })
  }
  const kills = await killCycles({ ...serverEnv, DATA_DIR: join(dir, 'kill') }, dir)
  return { rows, kills }
}
