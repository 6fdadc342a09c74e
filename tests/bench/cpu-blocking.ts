/**
 * Total Blocking Time from the CPU time of a page's main-thread tasks, beside Lighthouse's own.
 *
 * Lighthouse's simulation multiplies each task's recorded length (its wall time) by the phone's
 * slowdown. On this machine's two cores, a page's main thread is descheduled in the middle of
 * its tasks while the browser's other threads and processes run (loading and compiling
 * scripts, compositing, the DevTools connection Lighthouse drives): a task of 0.7 ms of CPU was
 * recorded as 17.8 ms, and counted as 200 ms of blocking. A phone's eight cores do not make its
 * main thread wait so. This figure takes each task's own CPU time instead (the trace's `tdur`),
 * times the slowdown, over 50 ms, for every task from the first contentful paint to the end of
 * the trace: the blocking the page's own work makes, whatever else the host ran.
 */
export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** A main-thread task, as the trace records it (its name changed across Chromium versions). */
export const isTask = (e: TraceEvent) =>
  e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')

/** The page's main thread: of the renderers' main threads, the one busiest with tasks. */
export function pageMainThread(events: TraceEvent[]) {
  const busy = new Map<string, number>()
  for (const e of events) {
    if (isTask(e))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0))
  }
  const busyOn = (e: TraceEvent) => busy.get(`${e.pid}:${e.tid}`) ?? 0
  return events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => busyOn(b) - busyOn(a))[0]
}

export function cpuBlocking(
  trace: { traceEvents: TraceEvent[] },
  fromTs: number,
  slowdown: number,
): { blocking: number; offCpu: number } {
  const events = trace.traceEvents
  const main = pageMainThread(events)
  // Top-level tasks only: a task nested in another (a nested run loop) is part of it.
  const tasks = events
    .filter((e) => isTask(e) && e.pid === main?.pid && e.tid === main?.tid && e.ts >= fromTs)
    .sort((a, b) => a.ts - b.ts)
  let blocking = 0
  let cpu = 0
  let wall = 0
  let until = -Infinity
  for (const task of tasks) {
    if (task.ts < until) continue
    until = task.ts + (task.dur ?? 0)
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000
    blocking += Math.max(0, cpuMs * slowdown - 50)
    cpu += cpuMs
    wall += (task.dur ?? 0) / 1000
  }
  return { blocking, offCpu: wall > 0 ? 1 - cpu / wall : 0 }
}
