import type { FastifyInstance, FastifyReply } from 'fastify'

/** How long a shed request is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2

const BUSY = 'The server is busy right now. Try again in a moment.'
const SLOW = 'The server took too long to answer. Try again in a moment.'

/** How often the event loop's lag is measured. */
const TICK_MS = 100

function shed(reply: FastifyReply, message: string) {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message })
}

/**
 * Load shedding: while the event loop lags behind (a timer firing late by more than
 * `maxEventLoopDelayMs`), `maxInFlight` requests are already being answered, or a query has
 * waited `maxDatabaseWaitMs` for a database connection, requests are answered 503 with
 * Retry-After at once instead of queueing for seconds; a request still unanswered after
 * `requestTimeoutMs` is answered 503 the same way. Streamed answers, which run long on purpose,
 * are not timed.
 */
export function registerPressure(
  app: FastifyInstance,
  options: {
    maxEventLoopDelayMs: number
    maxInFlight: number
    requestTimeoutMs: number
    maxDatabaseWaitMs: number
    databaseWaitingMs: () => number
  },
) {
  let inFlight = 0
  let lag = 0
  let last = performance.now()
  const meter = setInterval(() => {
    const now = performance.now()
    lag = Math.max(0, now - last - TICK_MS)
    last = now
  }, TICK_MS).unref()
  app.addHook('onClose', async () => clearInterval(meter))

  app.addHook('onRequest', (req, reply, done) => {
    if (
      lag > options.maxEventLoopDelayMs ||
      inFlight >= options.maxInFlight ||
      options.databaseWaitingMs() > options.maxDatabaseWaitMs
    ) {
      void shed(reply, BUSY)
      return
    }
    inFlight += 1
    const timer = setTimeout(() => {
      if (!reply.sent && !reply.raw.headersSent && !req.routeOptions.config.endpoint?.stream) {
        req.log.warn({ url: req.url }, 'request timed out')
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
}
