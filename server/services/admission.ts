/**
 * Admission by what a request will wait, not by a fixed count: requests run up to a concurrency
 * limit that follows their measured answer times (Netflix concurrency-limits' Gradient2); the
 * rest wait in a queue, first in, first out while it drains quickly, and last in, first out once
 * the time spent in it has stayed above a target for an interval (CoDel's test, with the adaptive
 * LIFO of "Fail at Scale", ACM Queue 2015): under overload the newest requests, whose callers
 * still wait, are answered at once, and one that has waited `maxAdmitWaitMs` is no longer
 * started (its caller has likely given up, and answering it late is work for nobody). A request is
 * shed with 503 once it has waited `maxQueueMs`. A shed request has waited first, so a caller that
 * sends again at once comes back at the server's pace rather than spinning on quick refusals,
 * which cost the server nearly as much as answers; once nothing arrives while a place is free,
 * there is no such caller, and a request that will not start is shed at once (QUIET_MS).
 */

/** CoDel's target: a queue whose oldest request has waited less is draining well. */
export const CONGESTION_TARGET_MS = 50
/** CoDel's interval: waits above the target for this long are overload, not a burst. */
export const CONGESTION_INTERVAL_MS = 100
/**
 * No request has arrived for this long while there is room: nothing is sending, and a request
 * that will never start (it waited past `maxAdmitWaitMs` in a standing queue) is shed at once
 * instead of when it has waited `maxQueueMs`. Holding it paces a crowd that sends again at once
 * on a refusal; while nothing arrives, there is no crowd, and the hold only keeps its caller (and
 * its connection) waiting for a refusal that is certain.
 */
export const QUIET_MS = 50
/** How often the concurrency limit is reconsidered, given enough answers. */
const SAMPLE_WINDOW_MS = 100
const MIN_SAMPLES = 10

/**
 * Gradient2: the limit shrinks as recent answer times rise above their long-run average (by more
 * than `tolerance`), and grows by about √limit while they do not; never while the server is far
 * below it (nothing was measured near the limit).
 */
export class ConcurrencyLimit {
  private estimate: number
  private longRtt = 0
  private samples = 0

  constructor(
    private readonly options: {
      initial: number
      min: number
      max: number
      tolerance?: number
      smoothing?: number
      longWindow?: number
    },
  ) {
    this.estimate = options.initial
  }

  get value() {
    return Math.floor(this.estimate)
  }

  /** One window's average answer time and the most requests that ran at once in it. */
  update(shortRtt: number, mostRunning: number) {
    const { min, max, tolerance = 1.5, smoothing = 0.2, longWindow = 600 } = this.options
    if (!(shortRtt > 0)) return this.value
    // The long-run average: a plain mean while it warms up, then an exponential one.
    this.samples += 1
    this.longRtt =
      this.samples <= 10
        ? this.longRtt + (shortRtt - this.longRtt) / this.samples
        : this.longRtt + (shortRtt - this.longRtt) * (2 / (longWindow + 1))
    // After a long slow spell the average comes down faster.
    if (this.longRtt / shortRtt > 2) this.longRtt *= 0.95
    if (mostRunning < this.estimate / 2) return this.value
    const gradient = Math.max(0.5, Math.min(1, (tolerance * this.longRtt) / shortRtt))
    const grown = this.estimate * gradient + Math.sqrt(this.estimate)
    this.estimate = Math.max(
      min,
      Math.min(max, this.estimate * (1 - smoothing) + grown * smoothing),
    )
    return this.value
  }
}

interface Waiter {
  at: number
  run: () => void
  shed: () => void
  gone: boolean
}

export interface AdmissionOptions {
  /** A request that has waited this long in the queue is shed. */
  maxQueueMs: number
  /** Once the queue stands, a request that has waited longer is not started (default 100 ms). */
  maxAdmitWaitMs?: number
  initialLimit?: number
  minLimit?: number
  maxLimit?: number
  now?: () => number
}

export class Admission {
  readonly limit: ConcurrencyLimit
  /** Requests started and not yet finished. */
  running = 0
  /** Waiting requests, oldest at `head`; a gone one (its caller left) is skipped. */
  private waiting: (Waiter | undefined)[] = []
  private head = 0
  private waitingCount = 0
  /** When the queue was last empty, or its oldest request had waited no more than the target. */
  private lastShort: number
  private readonly maxAdmitWaitMs: number
  private readonly now: () => number
  private window = { start: 0, total: 0, count: 0, mostRunning: 0 }
  /** When a request last arrived. */
  private lastArrival: number

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? (() => performance.now())
    this.lastShort = this.now()
    this.lastArrival = this.lastShort
    this.window.start = this.lastShort
    this.maxAdmitWaitMs = options.maxAdmitWaitMs ?? Math.min(100, options.maxQueueMs)
    this.limit = new ConcurrencyLimit({
      initial: options.initialLimit ?? 32,
      min: options.minLimit ?? 8,
      max: options.maxLimit ?? 1000,
    })
  }

  /** Requests waiting for their turn. */
  get queued() {
    return this.waitingCount
  }

  /** Requests have waited over the target for a whole interval: serve the newest first. */
  congested(now = this.now()) {
    return this.waitingCount > 0 && now - this.lastShort > CONGESTION_INTERVAL_MS
  }

  /**
   * Runs `run` now if there is room and nobody waits, or later in its turn; or calls `shed` once
   * it has waited `maxQueueMs`. Returns a function that takes it out of the queue (its caller
   * left before its turn).
   */
  enter(run: () => void, shed: () => void): () => void {
    const now = this.now()
    this.lastArrival = now
    if (this.waitingCount === 0) {
      this.lastShort = now
      if (this.running < this.limit.value) {
        this.start(run)
        return () => {}
      }
    }
    const waiter: Waiter = { at: now, run, shed, gone: false }
    this.waiting.push(waiter)
    this.waitingCount += 1
    // Room, though others wait: those may be past their time (the queue stands), and this one
    // is then the one to start, now, not when the next request finishes.
    if (this.running < this.limit.value) this.drain()
    return () => {
      if (waiter.gone) return
      waiter.gone = true
      this.waitingCount -= 1
      if (this.waitingCount === 0) this.lastShort = this.now()
    }
  }

  /** A started request finished; `ms` is how long it ran (none: it was waiting, not working). */
  leave(ms?: number) {
    this.running -= 1
    if (ms !== undefined) this.sample(ms)
    this.drain()
  }

  /**
   * Sheds what has waited too long and starts what there is room for: the oldest first while
   * the queue drains, the newest once it stands, and then none past `maxAdmitWaitMs`.
   */
  drain() {
    const now = this.now()
    const quiet = this.running < this.limit.value && now - this.lastArrival >= QUIET_MS
    this.expire(now, quiet && this.congested(now))
    const oldest = this.peekOldest()
    if (!oldest || now - oldest.at <= CONGESTION_TARGET_MS) this.lastShort = now
    const congested = this.congested(now)
    // While the queue drains, whoever waits is started in turn; once it stands, none past its time.
    const most = congested ? this.maxAdmitWaitMs : Infinity
    while (this.running < this.limit.value && this.waitingCount > 0) {
      const first = congested ? this.peekNewest() : this.peekOldest()
      // One past its time waits to be shed; a newer one may still be started.
      const next = first && now - first.at <= most ? first : this.peekNewest()
      if (!next || now - next.at > most) break
      if (next === this.peekOldest()) this.takeOldest()
      else this.takeNewest()
      this.start(next.run)
    }
    if (this.waitingCount === 0) this.lastShort = now
  }

  /**
   * Sheds what has waited `maxQueueMs`; while `quiet` (a standing queue, room, and nothing
   * arriving), also what has waited past `maxAdmitWaitMs`, which will never start.
   */
  private expire(now: number, quiet: boolean) {
    const most = quiet ? this.maxAdmitWaitMs : this.options.maxQueueMs
    for (;;) {
      const oldest = this.peekOldest()
      if (!oldest || now - oldest.at <= most) return
      this.takeOldest()!.shed()
    }
  }

  private start(run: () => void) {
    this.running += 1
    if (this.running > this.window.mostRunning) this.window.mostRunning = this.running
    run()
  }

  private sample(ms: number) {
    const w = this.window
    w.total += ms
    w.count += 1
    const now = this.now()
    if (w.count < MIN_SAMPLES || now - w.start < SAMPLE_WINDOW_MS) return
    this.limit.update(w.total / w.count, w.mostRunning)
    this.window = { start: now, total: 0, count: 0, mostRunning: this.running }
  }

  private peekOldest(): Waiter | undefined {
    while (this.head < this.waiting.length) {
      const waiter = this.waiting[this.head]
      if (waiter && !waiter.gone) return waiter
      this.waiting[this.head] = undefined
      this.head += 1
    }
    this.compact()
    return undefined
  }

  private takeOldest(): Waiter | undefined {
    const waiter = this.peekOldest()
    if (!waiter) return undefined
    this.waiting[this.head] = undefined
    this.head += 1
    return this.take(waiter)
  }

  private peekNewest(): Waiter | undefined {
    while (this.waiting.length > this.head) {
      const waiter = this.waiting[this.waiting.length - 1]
      if (waiter && !waiter.gone) return waiter
      this.waiting.pop()
    }
    this.compact()
    return undefined
  }

  private takeNewest(): Waiter | undefined {
    const waiter = this.peekNewest()
    if (!waiter) return undefined
    this.waiting.pop()
    return this.take(waiter)
  }

  private take(waiter: Waiter) {
    waiter.gone = true
    this.waitingCount -= 1
    if (this.head > 1024 && this.head * 2 > this.waiting.length) this.compact()
    return waiter
  }

  /** Drops the taken slots at the front, so the array does not grow for ever. */
  private compact() {
    if (this.head === 0) return
    this.waiting = this.waiting.slice(this.head)
    this.head = 0
  }
}
