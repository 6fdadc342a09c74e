/**
 * How long a page's main thread waited for a core, from Linux's scheduler statistics
 * (`/proc/<pid>/task/<tid>/schedstat`: time on a core, time runnable but waiting for one).
 *
 * Lighthouse's simulation multiplies each main-thread task's recorded length by the phone's
 * slowdown, and a task's length counts the time its thread was runnable but not running: on this
 * machine's two cores, the browser's other threads and processes (loading and compiling scripts,
 * the network, compositing, the DevTools connection) and the page's server take turns with it.
 * A task that ran 2 ms and waited 20 counts as 22. The figure tells a page that works long from
 * one that waits long, and which other threads ran meanwhile. Elsewhere than Linux: no figure.
 */
import { readdirSync, readFileSync } from 'node:fs'

import { procStat } from './process'

/** Time on a core and time waiting for one, in ms, by thread (`pid:tid`). */
type Snapshot = Map<string, { ran: number; waited: number }>

export interface RunQueue {
  /** The page's main thread over the window: ms on a core, and waiting for one. */
  ran: number
  waited: number
  /** What every other thread of the browser and of `others` ran in the window, in ms. */
  othersRan: number
  /** The other threads that ran most, by process and thread name, in ms. */
  busiest: { label: string; ran: number }[]
}

/** Each thread's process and name, read when first seen (an ended one has none to read). */
const labels = new Map<string, string>()

function labelOf(pid: string, tid: string, servers: Set<string>) {
  const key = `${pid}:${tid}`
  let label = labels.get(key)
  if (label === undefined) {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    const kind = servers.has(pid)
      ? 'server'
      : (/--utility-sub-type=(?:[a-z]+\.mojom\.)?(\w+)/.exec(command)?.[1] ??
        /--type=([a-z-]+)/.exec(command)?.[1] ??
        'browser')
    label = `${kind} ${readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()}`
    labels.set(key, label)
  }
  return label
}

/** The process ids listed in /proc. */
const processIds = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name))

/** The browser listening on `debugPort` (not one of the processes it started). */
function browserOn(debugPort: number): string | undefined {
  return processIds().find((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      return (
        command.includes(`--remote-debugging-port=${debugPort}`) &&
        !command.some((arg) => arg.startsWith('--type='))
      )
    } catch {
      return false // Gone since the listing.
    }
  })
}

/** `root` and every process it started, and they started, as they are now. */
function withDescendants(root: string): string[] {
  const children = new Map<string, string[]>()
  for (const pid of processIds()) {
    try {
      const parent = procStat(`/proc/${pid}/stat`)[1]!
      children.set(parent, [...(children.get(parent) ?? []), pid])
    } catch {
      // Gone since the listing.
    }
  }
  const all = [root]
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []))
  return all
}

function snapshot(pids: string[], servers: Set<string>): Snapshot {
  const threads: Snapshot = new Map()
  for (const pid of pids) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        labelOf(pid, tid, servers)
        const [ran, waited] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
          .split(' ')
          .map(Number)
        threads.set(`${pid}:${tid}`, { ran: ran! / 1e6, waited: waited! / 1e6 })
      }
    } catch {
      // A process or thread that ended meanwhile.
    }
  }
  return threads
}

/** How often the threads are read while a window is open: a process may end before it closes. */
const POLL_MS = 250

/**
 * Starts measuring: the returned function ends the window (where /proc has no scheduler
 * statistics, every figure is undefined). `others` are further processes to count (servers).
 * A renderer that ends within the window (the page's, once Lighthouse leaves it) counts with
 * what it had run at the last reading, a quarter of a second at most before it ended.
 */
export function runQueueFrom(debugPort: number, others: number[] = []) {
  const servers = new Set(others.map(String))
  let browser: string | undefined
  const read = () => {
    browser ??= browserOn(debugPort)
    return snapshot([...(browser ? withDescendants(browser) : []), ...servers], servers)
  }
  let before: Snapshot
  try {
    before = read()
  } catch {
    return () => () => undefined
  }
  const latest: Snapshot = new Map(before)
  const keep = () => {
    for (const [key, now] of read()) latest.set(key, now)
  }
  const poll = setInterval(keep, POLL_MS)
  /** Ends the window; then the figures of the page whose main thread is `pid`, `tid` (the trace's). */
  return () => {
    clearInterval(poll)
    keep()
    return (pid: number, tid: number): RunQueue | undefined => {
      let main: { ran: number; waited: number } | undefined
      let all = 0
      const byLabel = new Map<string, number>()
      for (const [key, now] of latest) {
        const then = before.get(key) ?? { ran: 0, waited: 0 }
        const ran = now.ran - then.ran
        all += ran
        if (key === `${pid}:${tid}`) main = { ran, waited: now.waited - then.waited }
        else {
          const label = (key.startsWith(`${pid}:`) ? 'page ' : '') + (labels.get(key) ?? '?')
          byLabel.set(label, (byLabel.get(label) ?? 0) + ran)
        }
      }
      const busiest = [...byLabel]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([label, ran]) => ({ label, ran }))
      return main && { ...main, othersRan: all - main.ran, busiest }
    }
  }
}
