import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { firstScreenSettled, IDLE_PERIODS, MAX_WAIT_MS, QUIET_MS } from './first-screen-settled'

/** The idle callbacks asked for and not yet run, in order. */
let idleCallbacks: IdleRequestCallback[] = []

/** Runs the idle callbacks asked for so far, each in an idle period with `remaining` ms left. */
function idlePeriod(remaining: number) {
  const due = idleCallbacks
  idleCallbacks = []
  for (const callback of due) callback({ didTimeout: false, timeRemaining: () => remaining })
}

/** Whether the promise has resolved, once the microtasks queued so far have run. */
async function isSettled(promise: Promise<void>) {
  let settled = false
  void promise.then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(0)
  return settled
}

/** A query whose answer comes when `answer` is called. */
function pendingQuery(client: QueryClient, key: string) {
  let answer = () => {}
  void client.fetchQuery({
    queryKey: [key],
    queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))),
  })
  return () => answer()
}

describe('the first screen settled', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    idleCallbacks = []
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idleCallbacks.push(callback)
      return idleCallbacks.length
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for the answers, a quiet second, then the main thread idle several periods in a row', async () => {
    const client = new QueryClient()
    const answerProfile = pendingQuery(client, 'profile')
    const settled = firstScreenSettled(client)
    await vi.advanceTimersByTimeAsync(QUIET_MS * 3)
    expect(await isSettled(settled)).toBe(false)

    answerProfile()
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2)
    // A second question while the first answer's quiet second runs starts it again.
    const answerNotes = pendingQuery(client, 'notes')
    await vi.advanceTimersByTimeAsync(QUIET_MS)
    expect(idleCallbacks).toHaveLength(0)
    answerNotes()
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1)
    expect(idleCallbacks).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(idleCallbacks).toHaveLength(1)

    // A short idle period (a frame being drawn) starts the count again.
    for (let i = 0; i < IDLE_PERIODS - 1; i++) idlePeriod(49)
    idlePeriod(8)
    for (let i = 0; i < IDLE_PERIODS - 1; i++) idlePeriod(49)
    expect(await isSettled(settled)).toBe(false)
    idlePeriod(49)
    expect(await isSettled(settled)).toBe(true)
    expect(idleCallbacks).toHaveLength(0)
  })

  it('waits for a mutation on its way as for a query', async () => {
    const client = new QueryClient()
    let finish = () => {}
    void client
      .getMutationCache()
      .build(client, { mutationFn: () => new Promise<void>((resolve) => (finish = resolve)) })
      .execute(undefined)
    const settled = firstScreenSettled(client)
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2)
    expect(idleCallbacks).toHaveLength(0)
    finish()
    await vi.advanceTimersByTimeAsync(QUIET_MS)
    for (let i = 0; i < IDLE_PERIODS; i++) idlePeriod(50)
    expect(await isSettled(settled)).toBe(true)
  })

  it('stops waiting after its longest wait, for a screen that keeps asking', async () => {
    const client = new QueryClient()
    pendingQuery(client, 'poll')
    const settled = firstScreenSettled(client)
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1)
    expect(await isSettled(settled)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await isSettled(settled)).toBe(true)
  })

  it('settles on quiet queries alone where the browser has no idle callbacks', async () => {
    Reflect.deleteProperty(globalThis, 'requestIdleCallback')
    const settled = firstScreenSettled(new QueryClient())
    await vi.advanceTimersByTimeAsync(QUIET_MS)
    expect(await isSettled(settled)).toBe(true)
  })
})
