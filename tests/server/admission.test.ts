import { describe, expect, it } from 'vitest'

import {
  Admission,
  ConcurrencyLimit,
  CONGESTION_INTERVAL_MS,
  QUIET_MS,
} from '../../server/services/admission'

/** An admission on a clock the test moves, with a log of what ran and what was shed. */
function setup(options: { limit: number; maxQueueMs: number }) {
  const clock = { now: 0 }
  const admission = new Admission({
    maxQueueMs: options.maxQueueMs,
    initialLimit: options.limit,
    minLimit: options.limit,
    maxLimit: options.limit,
    now: () => clock.now,
  })
  const log: string[] = []
  const enter = (name: string) =>
    admission.enter(
      () => log.push(`run ${name}`),
      () => log.push(`shed ${name}`),
    )
  return { clock, admission, log, enter }
}

describe('admission', () => {
  it('runs at once while there is room, then queues first in, first out while the queue drains', () => {
    const { admission, log, enter } = setup({ limit: 2, maxQueueMs: 500 })
    for (const name of ['a', 'b', 'c', 'd']) enter(name)
    expect(log).toEqual(['run a', 'run b'])
    expect(admission.queued).toBe(2)
    admission.leave(5)
    expect(log.at(-1)).toBe('run c')
    admission.leave(5)
    expect(log.at(-1)).toBe('run d')
    expect(admission.queued).toBe(0)
  })

  it('serves the newest first once the queue has stood for an interval', () => {
    const { clock, admission, log, enter } = setup({ limit: 1, maxQueueMs: 1000 })
    enter('a')
    enter('b')
    clock.now = 60
    enter('c')
    enter('d')
    clock.now = CONGESTION_INTERVAL_MS + 1
    expect(admission.congested()).toBe(true)
    admission.leave(5)
    expect(log.at(-1)).toBe('run d')
    admission.leave(5)
    expect(log.at(-1)).toBe('run c')
  })

  it('sheds, oldest first, what has waited longer than its most', () => {
    const { clock, admission, log, enter } = setup({ limit: 1, maxQueueMs: 300 })
    enter('a')
    enter('b')
    clock.now = 250
    enter('c')
    clock.now = 301
    admission.drain()
    expect(log).toEqual(['run a', 'shed b'])
    expect(admission.queued).toBe(1)
    admission.leave(5)
    expect(log.at(-1)).toBe('run c')
  })

  it('does not start one that has waited past its admission limit: it waits to be shed', () => {
    const { clock, admission, log, enter } = setup({ limit: 1, maxQueueMs: 2000 })
    enter('a')
    enter('b')
    clock.now = 600
    enter('c')
    admission.leave(5)
    // The queue stands, and b has waited 600 ms, past 100: c, the newer, goes first, and b is
    // not started after it.
    expect(log).toEqual(['run a', 'run c'])
    admission.leave(5)
    expect(log).toEqual(['run a', 'run c'])
    clock.now = 2001
    admission.drain()
    expect(log).toEqual(['run a', 'run c', 'shed b'])
  })

  it('starts a newcomer at once while there is room and only requests past their time wait', () => {
    const { clock, admission, log, enter } = setup({ limit: 2, maxQueueMs: 2000 })
    enter('a')
    enter('b')
    enter('c')
    clock.now = 600
    enter('d')
    admission.leave(5)
    // The queue stands: d, the newer, took a's place; c has waited past 100 ms and stays.
    expect(log).toEqual(['run a', 'run b', 'run d'])
    admission.leave(5)
    expect(admission.running).toBe(1)
    // A place is free and only c waits, past its time: e runs as it arrives, not when the next
    // request finishes, nor when the queue is next looked at.
    enter('e')
    expect(log).toEqual(['run a', 'run b', 'run d', 'run e'])
    expect(admission.queued).toBe(1)
  })

  it('sheds at once what will never start once there is room and nothing has arrived for a while', () => {
    const { clock, admission, log, enter } = setup({ limit: 1, maxQueueMs: 3000 })
    enter('a')
    enter('b')
    clock.now = 150
    enter('c')
    admission.leave(5)
    // The queue stands: c, the newer, runs; b has waited past 100 ms and will not start.
    expect(log).toEqual(['run a', 'run c'])
    admission.leave(5)
    clock.now = 150 + QUIET_MS - 1
    admission.drain()
    expect(log).toEqual(['run a', 'run c'])
    // Nothing has arrived for QUIET_MS and there is room: no crowd to pace, so b hears now,
    // not at 3 s.
    clock.now = 150 + QUIET_MS
    admission.drain()
    expect(log).toEqual(['run a', 'run c', 'shed b'])
    expect(admission.queued).toBe(0)
  })

  it('holds what will never start until its most while requests keep arriving', () => {
    const { clock, admission, log, enter } = setup({ limit: 1, maxQueueMs: 1000 })
    enter('a')
    enter('b')
    clock.now = 40
    enter('c')
    clock.now = 80
    enter('d')
    // A crowd that sends again as soon as it is answered: one arrives every 40 ms, and the
    // newest starts as each finishes. b and c, past their time, are held, not shed, until they
    // have waited 1,000 ms: a refusal sent at once would come straight back.
    for (let at = 120, n = 0; at <= 1000; at += 40, n++) {
      clock.now = at
      admission.leave(5)
      enter(`e${n}`)
    }
    expect(log.filter((line) => line.startsWith('shed'))).toEqual([])
    expect(log).toContain('run e20')
    clock.now = 1001
    admission.drain()
    expect(log.filter((line) => line.startsWith('shed'))).toEqual(['shed b'])
  })

  it('skips a request whose caller left while it waited', () => {
    const { admission, log, enter } = setup({ limit: 1, maxQueueMs: 1000 })
    enter('a')
    const leave = enter('b')
    enter('c')
    leave()
    expect(admission.queued).toBe(1)
    admission.leave(5)
    expect(log).toEqual(['run a', 'run c'])
  })

  it('gives the place of one that waits on purpose to the next, without a sample', () => {
    const { admission, log, enter } = setup({ limit: 1, maxQueueMs: 1000 })
    enter('a')
    enter('b')
    admission.leave()
    expect(log).toEqual(['run a', 'run b'])
  })
})

describe('the concurrency limit (Gradient2)', () => {
  const limit = () => new ConcurrencyLimit({ initial: 20, min: 4, max: 200 })

  it('grows while answers take as long as they used to and the server works near it', () => {
    const l = limit()
    for (let i = 0; i < 50; i++) l.update(10, l.value)
    expect(l.value).toBeGreaterThan(40)
  })

  it('shrinks when answers take much longer than they used to', () => {
    const l = limit()
    for (let i = 0; i < 20; i++) l.update(10, l.value)
    const before = l.value
    for (let i = 0; i < 20; i++) l.update(100, l.value)
    expect(l.value).toBeLessThan(before / 2)
  })

  it('does not grow while far fewer requests run than it allows', () => {
    const l = limit()
    for (let i = 0; i < 50; i++) l.update(10, 3)
    expect(l.value).toBe(20)
  })

  it('stays within its floor and ceiling', () => {
    const high = limit()
    for (let i = 0; i < 500; i++) high.update(10, high.value)
    expect(high.value).toBe(200)
    const low = new ConcurrencyLimit({ initial: 20, min: 8, max: 200 })
    for (let i = 0; i < 20; i++) low.update(10, low.value)
    for (let i = 0; i < 60; i++) low.update(10_000, low.value)
    expect(low.value).toBe(8)
  })
})
