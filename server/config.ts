import { resolve } from 'node:path'

import { AREA_KEYS, type AreaKey } from '@schemas/access'

/** Limits of one rate-limited action: `points` attempts per `durationSeconds`. */
export interface Limit {
  points: number
  durationSeconds: number
}

export interface RateLimits {
  /** Failed sign-ins of one account from one address: refused once used up. */
  loginFailuresPerAccountAndIp: Limit
  /**
   * Failed sign-ins of one account from anywhere: never refused; once `points` are used, each
   * sign-in from an address the account has not signed in from is held a little longer.
   */
  loginFailuresPerAccount: Limit
  loginFailuresPerIp: Limit
  /** How long an address the account signed in from is remembered (`points` unused). */
  knownSignInAddresses: Limit
  /** Password reset and sign-in link requests. */
  mailRequestsPerAccount: Limit
  mailRequestsPerIp: Limit
  /** Link, reset and two-step submissions. */
  tokenAttemptsPerIp: Limit
  signupsPerIp: Limit
  /** Public opt-in form posts. */
  leadCapturesPerIp: Limit
  supportMessagesPerMember: Limit
  /** Public certificate checks. */
  certificateChecksPerIp: Limit
}

export interface Config {
  port: number
  host: string
  /** Embedded database, secrets and the lock live here. */
  dataDir: string
  databaseUrl: string | undefined
  /** Shared rate-limit counters between server instances when set. */
  redisUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Where messages from the contact screen go. */
  supportEmail: string
  /** Where links in e-mails point, e.g. https://members.example.com */
  publicUrl: string
  jwtSecret: string | undefined
  logLevel: string
  trustProxy: boolean
  /** Where the built SPA is; no SPA is served if the folder has no index.html. */
  staticDir: string
  rateLimits: RateLimits
  /** Where the network connectors send their calls (a proxy or a test server may stand in). */
  digistore24ApiUrl: string
  clickbankApiUrl: string
  /** Minutes between scheduled imports of every connected account; 0 turns the schedule off. */
  earningsSyncMinutes: number
  /** Minutes between runs of the reminder e-mails' schedule; 0 turns the schedule off. */
  reminderMinutes: number
  /** 32 bytes, base64 or hex, for encrypting the members' network API keys (AES-256-GCM). */
  earningsKey: string | undefined
  /** The course and page files loaded into the database at start. */
  contentDir: string
  /** What the operator sells on each offer page: a price to show and where checkout is. */
  offers: Partial<Record<AreaKey, Offer>>
  ai: AiConfig
  /**
   * While the event loop lags more than this, sample after sample (not for one slow tick),
   * requests are shed with 503 and Retry-After.
   */
  maxEventLoopDelayMs: number
  /**
   * A request that has waited this long for its turn is shed with 503 and Retry-After (how many
   * run at once follows their answer times: see services/admission.ts).
   */
  maxQueueMs: number
  /** Once the queue stands, a request that has waited this long is not started, only shed. */
  maxAdmitWaitMs: number
  /** How many requests may run at once: where the adaptive limit starts, its floor and ceiling. */
  concurrency: { initial: number; min: number; max: number }
  /**
   * While a query has waited this long for the database (a PostgreSQL connection, or the
   * embedded database's worker thread), requests are shed.
   */
  maxDatabaseWaitMs: number
  /**
   * On PostgreSQL, a query that has waited this long for a pool connection gives up, and its
   * request is answered 503 with Retry-After, as one shed for load.
   */
  maxCheckoutWaitMs: number
  /** A request not answered by then is answered 503 (streamed answers excepted). */
  requestTimeoutMs: number
  /** The first hold of a sign-in to an account with many failures (see services/auth.ts). */
  signInDelayMs: number
  /** Every that many seconds the event loop's lag is logged; 0: never (for measuring load). */
  eventLoopLogSeconds: number
  /** `/metrics` answers a bearer of this token on the server's own port; unset: it does not. */
  metricsToken: string | undefined
  /** `/metrics` is served on this port of the loopback address, without a token; 0: not. */
  metricsPort: number
  /** How long a stopping server lets the requests under way finish before it exits, in ms. */
  shutdownGraceMs: number
}

/** The operator's OpenAI-compatible model; without `baseUrl` the tools write from templates. */
export interface AiConfig {
  /** e.g. http://localhost:11434/v1 (Ollama); chat completions are posted to `/chat/completions`. */
  baseUrl: string | undefined
  apiKey: string | undefined
  model: string
  requestsPerHour: number
  tokensPerDay: number
  /** The most one answer may use. */
  maxTokens: number
  /** How long to wait for the model's first word, and for each next one. */
  timeoutMs: number
}

export interface Offer {
  price: string | null
  checkoutUrl: string | null
}

export const defaultRateLimits: RateLimits = {
  loginFailuresPerAccountAndIp: { points: 10, durationSeconds: 15 * 60 },
  loginFailuresPerAccount: { points: 5, durationSeconds: 60 * 60 },
  loginFailuresPerIp: { points: 100, durationSeconds: 15 * 60 },
  // At most 24 days: the in-memory store times its keys out with a 32-bit timer.
  knownSignInAddresses: { points: 1, durationSeconds: 14 * 24 * 60 * 60 },
  mailRequestsPerAccount: { points: 3, durationSeconds: 15 * 60 },
  mailRequestsPerIp: { points: 20, durationSeconds: 15 * 60 },
  tokenAttemptsPerIp: { points: 30, durationSeconds: 15 * 60 },
  signupsPerIp: { points: 5, durationSeconds: 60 * 60 },
  leadCapturesPerIp: { points: 20, durationSeconds: 60 * 60 },
  supportMessagesPerMember: { points: 5, durationSeconds: 60 * 60 },
  certificateChecksPerIp: { points: 120, durationSeconds: 15 * 60 },
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  }
  const host = env.HOST ?? 'localhost'
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Members Area <no-reply@localhost>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@localhost',
    publicUrl: (
      env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`
    ).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    rateLimits: defaultRateLimits,
    digistore24ApiUrl: (env.DIGISTORE24_API_URL ?? 'https://www.digistore24.com/api/call').replace(
      /\/$/,
      '',
    ),
    clickbankApiUrl: (env.CLICKBANK_API_URL ?? 'https://api.clickbank.com/rest/1.3').replace(
      /\/$/,
      '',
    ),
    earningsSyncMinutes: minutes(env.EARNINGS_SYNC_MINUTES, 360),
    reminderMinutes: whole(env, 'REMINDER_MINUTES', 15, 0),
    earningsKey: env.EARNINGS_KEY || undefined,
    contentDir: resolve(env.CONTENT_DIR ?? 'content'),
    offers: offersFrom(env),
    ai: aiFrom(env),
    maxEventLoopDelayMs: whole(env, 'MAX_EVENT_LOOP_DELAY_MS', 300),
    maxQueueMs: whole(env, 'MAX_QUEUE_MS', 3000),
    maxAdmitWaitMs: whole(env, 'MAX_ADMIT_WAIT_MS', 100),
    concurrency: {
      initial: whole(env, 'CONCURRENCY_MIN', 8) * 4,
      min: whole(env, 'CONCURRENCY_MIN', 8),
      max: whole(env, 'CONCURRENCY_MAX', 1000),
    },
    maxDatabaseWaitMs: whole(env, 'MAX_DATABASE_WAIT_MS', 250),
    maxCheckoutWaitMs: whole(env, 'MAX_CHECKOUT_WAIT_MS', 500),
    requestTimeoutMs: whole(env, 'REQUEST_TIMEOUT_SECONDS', 15) * 1000,
    signInDelayMs: whole(env, 'SIGN_IN_DELAY_MS', 500),
    eventLoopLogSeconds: whole(env, 'EVENT_LOOP_LOG_SECONDS', 0, 0),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: whole(env, 'METRICS_PORT', 0, 0),
    shutdownGraceMs: whole(env, 'SHUTDOWN_GRACE_SECONDS', 20) * 1000,
  }
}

function metricsToken(value: string | undefined) {
  if (!value) return undefined
  if (value.length < 16 || !/^[\x21-\x7e]+$/.test(value)) {
    throw new Error('METRICS_TOKEN must be at least 16 visible characters (no spaces)')
  }
  return value
}

function aiFrom(env: NodeJS.ProcessEnv): AiConfig {
  const baseUrl = env.AI_BASE_URL?.trim().replace(/\/+$/, '') || undefined
  if (baseUrl && !/^https?:\/\/\S+$/.test(baseUrl)) {
    throw new Error(`AI_BASE_URL must be an http(s):// address, got "${baseUrl}"`)
  }
  const model = env.AI_MODEL?.trim() ?? ''
  if (baseUrl && !model) throw new Error('AI_MODEL must name the model when AI_BASE_URL is set')
  return {
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || undefined,
    model,
    requestsPerHour: whole(env, 'AI_REQUESTS_PER_HOUR', 60),
    tokensPerDay: whole(env, 'AI_TOKENS_PER_DAY', 100_000),
    maxTokens: whole(env, 'AI_MAX_TOKENS', 2_000),
    timeoutMs: whole(env, 'AI_TIMEOUT_SECONDS', 30) * 1000,
  }
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, least = 1) {
  const value = env[name]
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < least)
    throw new Error(
      `${name} must be a whole number ${least ? 'above 0' : 'of 0 or more'}, got "${value}"`,
    )
  return n
}

/**
 * `OFFER_UPSELL1_PRICE=US$ 47` and `OFFER_UPSELL1_URL=https://…` for each area (the key in capitals:
 * UPSELL1, UPSELL2, UPSELL3, DFYVIDEO, …). Without a URL the offer page shows no checkout button.
 */
function offersFrom(env: NodeJS.ProcessEnv): Partial<Record<AreaKey, Offer>> {
  const offers: Partial<Record<AreaKey, Offer>> = {}
  for (const key of AREA_KEYS) {
    const name = `OFFER_${key.toUpperCase()}`
    const price = env[`${name}_PRICE`]?.trim() || null
    const checkoutUrl = env[`${name}_URL`]?.trim() || null
    if (checkoutUrl && !/^https:\/\/\S+$/.test(checkoutUrl)) {
      throw new Error(`${name}_URL must be an https:// address, got "${checkoutUrl}"`)
    }
    if (price && price.length > 40) throw new Error(`${name}_PRICE is at most 40 characters`)
    if (price || checkoutUrl) offers[key] = { price, checkoutUrl }
  }
  return offers
}

function minutes(value: string | undefined, fallback: number) {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`EARNINGS_SYNC_MINUTES must be a whole number of minutes, got "${value}"`)
  }
  return n
}
