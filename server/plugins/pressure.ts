import { monitorEventLoopDelay } from 'node:perf_hooks'

import type { FastifyInstance, FastifyReply } from 'fastify'

import type { ShedReason } from '../services/metrics'

/** How long a shed request is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2

const BUSY = 'The server is busy right now. Try again in a moment.'
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

function shed(reply: FastifyReply, message: string) {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message })
}

/**
 * Load shedding: while `maxInFlight` requests are already being answered, a query has waited
 * `maxDatabaseWaitMs` for the database (a pool connection, or the embedded database's worker),
 * or the event loop keeps lagging behind (a timer firing late by more than `maxEventLoopDelayMs`
 * sample after sample), requests are answered 503 with Retry-After at once instead of queueing
 * for seconds; a request still unanswered after `requestTimeoutMs` is answered 503 the same way.
 * Streamed answers, which run long on purpose, are not timed; live streams (open for as long as
 * the member's tab is) are neither timed nor counted in flight.
 */
export function registerPressure(
  app: FastifyInstance,
  options: {
    maxEventLoopDelayMs: number
    maxInFlight: number
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
): { inFlight: () => number; quietMs: () => number } {
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
  app.addHook('onClose', async () => clearInterval(meter))

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
        : inFlight >= options.maxInFlight
          ? 'in_flight'
          : options.databaseWaitingMs() > options.maxDatabaseWaitMs
            ? 'database_wait'
            : undefined
    if (reason) {
      options.onShed?.(reason)
      void shed(reply, BUSY)
      return
    }
    // A live stream stays open on purpose: it is not work under way, nor timed.
    if (req.routeOptions.config.endpoint?.live) return done()
    inFlight += 1
    const timer = setTimeout(() => {
      if (!reply.sent && !reply.raw.headersSent && !req.routeOptions.config.endpoint?.stream) {
        req.log.warn({ url: req.url }, 'request timed out')
        options.onShed?.('timeout')
        void shed(reply, SLOW)
      }
    }, options.requestTimeoutMs)
    timer.unref()
    reply.raw.once('close', () => {
      inFlight -= 1
      clearTimeout(timer)
    })
    done()
  })
  return { inFlight: () => inFlight, quietMs: () => performance.now() - lastArrival }
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
