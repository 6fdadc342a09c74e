import { monitorEventLoopDelay } from 'node:perf_hooks'

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { BUSY_MESSAGE } from '../errors'
import { Admission } from '../services/admission'
import type { ShedReason } from '../services/metrics'

/**
 * How long a shed request is told to wait before trying again: the shortest the header can say.
 * A crowd that honours it comes back sooner, and the server, which refuses whoever still finds it
 * full, idles less: 1,000 clients sending twice what the server can answer got 83–86 % of its peak
 * answered with 1 s, 68–75 % with 2 s (bench:overload's open loop, three runs of each, in turns).
 */
export const RETRY_AFTER_SECONDS = 1

const STOPPING = 'The server is restarting. Try again in a moment.'
const SLOW = 'The server took too long to answer. Try again in a moment.'

/** How often the event loop's lag is measured. */
const TICK_MS = 100
/**
 * Lag sheds only when this many samples in a row are over the limit: one slow tick (another
 * process on the machine took the CPU a moment) is no overload, and shedding for it would turn
 * away a member who sends one request at a time.
 */
const SUSTAINED_SAMPLES = 3
/** How often waiting requests are looked at while none finishes. */
const SWEEP_MS = 25

function shed(reply: FastifyReply, message: string) {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message })
}

/** Requests that wait on purpose (a held sign-in) give their place to others: see `waitingOnPurpose`. */
const releases = new WeakMap<FastifyRequest, () => void>()

/**
 * Tells admission that `req` now waits on purpose, not on the server (a sign-in held for its
 * account's sake): its place goes to the next request, and its time is not a sample of how long
 * answers take.
 */
export function waitingOnPurpose(req: FastifyRequest) {
  releases.get(req)?.()
  releases.delete(req)
}

/**
 * Overload control. Requests are admitted by what they will wait (services/admission.ts): they
 * run up to a limit that follows measured answer times, wait in a queue beyond it (newest first
 * once the queue stands), and are answered 503 with Retry-After once they have waited
 * `maxQueueMs`. Before that, at arrival, a request is shed at once while a query has waited
 * `maxDatabaseWaitMs` for the database (a pool connection, or the embedded database's worker)
 * or the event loop keeps lagging (a timer late by more than `maxEventLoopDelayMs`, sample after
 * sample); a request still unanswered `requestTimeoutMs` after it started is answered 503 the
 * same way. Streamed answers, which run long on purpose, are neither queued nor timed; live
 * streams (open for as long as the member's tab is) are not counted at all.
 */
export function registerPressure(
  app: FastifyInstance,
  options: {
    maxEventLoopDelayMs: number
    maxQueueMs: number
    maxAdmitWaitMs: number
    concurrency: { initial: number; min: number; max: number }
    requestTimeoutMs: number
    maxDatabaseWaitMs: number
    databaseWaitingMs: () => number
    /** Told of each request shed, with why. */
    onShed?: (reason: ShedReason) => void
    /** A stop has begun: every new request is answered 503, so a proxy sends it elsewhere… */
    stopping?: () => boolean
    /** …but this one, which says why itself (readiness). */
    answersWhileStopping?: (url: string) => boolean
  },
): { inFlight: () => number; quietMs: () => number; admission: Admission } {
  const admission = new Admission({
    maxQueueMs: options.maxQueueMs,
    maxAdmitWaitMs: Math.min(options.maxAdmitWaitMs, options.maxQueueMs),
    initialLimit: options.concurrency.initial,
    minLimit: options.concurrency.min,
    maxLimit: options.concurrency.max,
  })
  let inFlight = 0
  let lastArrival = performance.now()
  let lateSamples = 0
  let last = performance.now()
  const meter = setInterval(() => {
    const now = performance.now()
    const lag = now - last - TICK_MS
    lateSamples = lag > options.maxEventLoopDelayMs ? lateSamples + 1 : 0
    last = now
  }, TICK_MS).unref()
  // Requests wait their limit out even while nothing finishes to let others in.
  const sweeper = setInterval(() => {
    if (admission.queued > 0) admission.drain()
  }, SWEEP_MS).unref()
  app.addHook('onClose', async () => {
    clearInterval(meter)
    clearInterval(sweeper)
  })

  app.addHook('onRequest', (req, reply, done) => {
    lastArrival = performance.now()
    if (options.stopping?.() && !options.answersWhileStopping?.(req.url)) {
      options.onShed?.('stopping')
      void shed(reply, STOPPING)
      return
    }
    const reason: ShedReason | undefined =
      lateSamples >= SUSTAINED_SAMPLES
        ? 'event_loop'
        : options.databaseWaitingMs() > options.maxDatabaseWaitMs
          ? 'database_wait'
          : undefined
    if (reason) {
      options.onShed?.(reason)
      void shed(reply, BUSY_MESSAGE)
      return
    }
    const endpoint = req.routeOptions.config.endpoint
    // A live stream stays open on purpose: it is not work under way, nor timed.
    if (endpoint?.live) return done()
    inFlight += 1
    // A streamed answer runs as long as the model writes: not queued behind, nor timed.
    if (endpoint?.stream) {
      reply.raw.once('close', () => (inFlight -= 1))
      return done()
    }
    let started = 0
    let timer: NodeJS.Timeout | undefined
    const finish = (ms?: number) => {
      if (!started) return
      started = 0
      clearTimeout(timer)
      releases.delete(req)
      admission.leave(ms)
    }
    const leaveQueue = admission.enter(
      () => {
        started = performance.now()
        releases.set(req, () => finish())
        timer = setTimeout(() => {
          if (!reply.sent && !reply.raw.headersSent) {
            req.log.warn({ url: req.url }, 'request timed out')
            options.onShed?.('timeout')
            void shed(reply, SLOW)
          }
        }, options.requestTimeoutMs).unref()
        done()
      },
      () => {
        options.onShed?.('queue')
        void shed(reply, BUSY_MESSAGE)
      },
    )
    reply.raw.once('close', () => {
      inFlight -= 1
      if (started) finish(performance.now() - started)
      else leaveQueue()
    })
  })
  return {
    inFlight: () => inFlight,
    quietMs: () => performance.now() - lastArrival,
    admission,
  }
}

/**
 * Logs the event loop's lag (p50, p99 and the most, in ms) every `seconds`, whatever the log
 * level, so a load test can read how long requests waited for the server's one thread.
 */
export function logEventLoopLag(app: FastifyInstance, seconds: number) {
  const resolutionMs = 10
  const delays = monitorEventLoopDelay({ resolution: resolutionMs })
  delays.enable()
  // Each sample is the time between two timer ticks: the lag is what is over the tick itself.
  const lagMs = (ns: number) => Math.max(0, Math.round((ns / 1e6 - resolutionMs) * 10) / 10)
  const log = app.log.child({}, { level: 'info' })
  const timer = setInterval(() => {
    log.info(
      {
        eventLoopLagMs: {
          p50: lagMs(delays.percentile(50)),
          p99: lagMs(delays.percentile(99)),
          max: lagMs(delays.max),
        },
      },
      'event loop lag',
    )
    delays.reset()
  }, seconds * 1000).unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    delays.disable()
  })
}
