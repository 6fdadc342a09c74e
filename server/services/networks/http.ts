import { NetworkError } from './types'

/** What came back from a network, body read as text. */
export interface Answer {
  status: number
  headers: Headers
  text: string
}

export interface HttpRequest {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** The caller's signal: aborting it stops the request and any wait, without retrying. */
  signal?: AbortSignal | undefined
}

export interface HttpClientOptions {
  /** The network's name as members know it, used in every message: "ClickBank", "Digistore24". */
  name: string
  timeoutMs: number
  retries: number
  backoffMs: (attempt: number) => number
  minIntervalMs: number
  /**
   * Reads an answer: `null` when it is usable, else the error to report (retried when
   * `retryable`). Transport failures (timeouts, refused connections) are handled here.
   */
  check: (answer: Answer) => NetworkError | null
  /** Values never to show in a message, e.g. the member's API key. */
  secrets?: () => string[]
  /** A Retry-After longer than this is not waited for: the error is reported at once. */
  maxRetryAfterMs?: number
}

export interface HttpClient {
  request(request: HttpRequest): Promise<Answer>
}

const DEFAULT_MAX_RETRY_AFTER_MS = 60_000

/**
 * Requests to one network: a per-request timeout, retries with backoff for failures that may
 * pass (timeouts, unreachable, 5xx, 429 and whatever `check` calls retryable), Retry-After
 * honoured, and at least `minIntervalMs` between two requests of this client.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  let nextSlot = 0

  /** Reserves the next free moment to send; slots are taken in call order. */
  async function throttle(signal: AbortSignal | undefined) {
    const now = Date.now()
    const at = Math.max(now, nextSlot)
    nextSlot = at + options.minIntervalMs
    if (at > now) await sleep(at - now, signal)
  }

  async function once(request: HttpRequest): Promise<Answer | NetworkError> {
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
    try {
      const response = await fetch(request.url, {
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        signal,
        redirect: 'follow',
      })
      const text = await response.text()
      return { status: response.status, headers: response.headers, text }
    } catch {
      if (request.signal?.aborted) throw request.signal.reason
      if (timeout.aborted) {
        return new NetworkError(
          `${options.name} did not answer within ${seconds(options.timeoutMs)}`,
          true,
        )
      }
      return new NetworkError(`${options.name} could not be reached`, true)
    }
  }

  return {
    async request(request) {
      let last: NetworkError | undefined
      for (let attempt = 0; attempt <= options.retries; attempt++) {
        if (attempt > 0 && last) {
          const wait = retryAfterMs(last) ?? options.backoffMs(attempt)
          if (wait > (options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS)) break
          await sleep(wait, request.signal)
        }
        request.signal?.throwIfAborted()
        await throttle(request.signal)
        const result = await once(request)
        const error = result instanceof NetworkError ? result : checked(result)
        if (!error) return result as Answer
        last = error
        if (!error.retryable) break
      }
      throw scrub(last!, options.secrets?.() ?? [])
    },
  }

  function checked(answer: Answer): NetworkError | null {
    const error = options.check(answer)
    if (!error) return null
    const after = parseRetryAfter(answer.headers.get('retry-after'))
    if (after !== undefined && error.retryable) retryAfter.set(error, after)
    return error
  }
}

const retryAfter = new WeakMap<NetworkError, number>()

function retryAfterMs(error: NetworkError) {
  return retryAfter.get(error)
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - Date.now())
}

/** The usual errors for an HTTP status, worded for members. */
export function statusError(name: string, status: number): NetworkError | null {
  if (status >= 200 && status < 300) return null
  if (status === 401 || status === 403) {
    return new NetworkError(`${name} refused the API key`, false, status)
  }
  if (status === 429) {
    return new NetworkError(`${name}'s rate limit was reached; try again later`, true, status)
  }
  if (status >= 500) {
    return new NetworkError(`${name} had a problem (HTTP ${status}); try again later`, true, status)
  }
  return new NetworkError(`${name} answered with HTTP ${status}`, false, status)
}

function scrub(error: NetworkError, secrets: string[]) {
  let message = error.message
  for (const secret of secrets) if (secret) message = message.split(secret).join('•••')
  return message === error.message
    ? error
    : new NetworkError(message, error.retryable, error.status)
}

function seconds(ms: number) {
  return `${Number((ms / 1000).toFixed(1))} s`
}

/** Waits, or rejects with the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Parses JSON, or reports the answer as unreadable. */
export function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new NetworkError(`${name} sent an answer that could not be read`, true)
  }
}

// Values shared by the connectors and the CSV parser.

/** The networks sometimes send one object where a list is expected, or nothing at all. */
export function asList<T>(value: T | T[] | null | undefined): T[] {
  if (value === undefined || value === null || value === '') return []
  return Array.isArray(value) ? value : [value]
}

/**
 * An amount as a positive decimal with two places, e.g. "42.50"; `null` when not a number.
 * Text is read exactly (half-up rounding at the third decimal), without floating point drift.
 */
export function money(value: unknown): string | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    text = String(Math.abs(value))
    if (/e/i.test(text)) text = Math.abs(value).toFixed(4)
  } else if (typeof value === 'string') {
    text = value.trim().replace(/^[-+]/, '')
  } else {
    return null
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[1] === '' && !match[2])) return null
  const whole = (match[1] || '0').replace(/^0+(?=\d)/, '')
  const fraction = (match[2] ?? '').padEnd(3, '0')
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2))
  if (Number(fraction[2]) >= 5) cents += 1n
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}

let countryNames: Map<string, string> | undefined

/** ISO 3166-1 alpha-2 upper case from a code or an English or German country name; 'ZZ' when unknown. */
export function countryCode(value: unknown): string {
  if (typeof value !== 'string') return 'ZZ'
  const text = value.trim()
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase() === 'UK' ? 'GB' : text.toUpperCase()
  if (!text) return 'ZZ'
  if (!countryNames) {
    countryNames = new Map()
    const names = ['en', 'de'].map((l) => new Intl.DisplayNames([l], { type: 'region' }))
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b)
        for (const display of names) {
          const name = display.of(code)
          if (name && name !== code) countryNames.set(name.toLowerCase(), code)
        }
      }
    }
    for (const [name, code] of [
      ['usa', 'US'],
      ['united states of america', 'US'],
      ['great britain', 'GB'],
      ['england', 'GB'],
    ] as const) {
      countryNames.set(name, code)
    }
  }
  return countryNames.get(text.toLowerCase()) ?? 'ZZ'
}

/** A time zone: an IANA name (with its summer time rules) or a fixed offset in minutes. */
export type Zone = string | number

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
export function zoneOffset(zone: Zone, utcMs: number): number {
  if (typeof zone === 'number') return zone
  const parts = zoneFormat(zone).formatToParts(new Date(utcMs))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  )
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000)
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>()
function zoneFormat(zone: string) {
  let format = zoneFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    zoneFormats.set(zone, format)
  }
  return format
}

/** The instant of a wall-clock time (given as if it were UTC) in a zone. */
export function wallToUtc(wallMs: number, zone: Zone): number {
  const first = wallMs - zoneOffset(zone, wallMs) * 60_000
  return wallMs - zoneOffset(zone, first) * 60_000
}

/**
 * A date-time from a network: ISO 8601 with an offset or "Z" is taken as is; a time without
 * one ("2026-10-05 14:22:10", "2026-10-05T14:22") is wall-clock time in `zone`. `null` when
 * not a date-time.
 */
export function parseNetworkTime(value: unknown, zone: Zone): Date | null {
  if (typeof value !== 'string') return null
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    )
  if (!match) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0', offset] = match
  return wallTime(+y!, +mo!, +d!, +h, +mi, +s, offset ?? zone)
}

/** Builds an instant from parts, checking they form a real date; `zone` may be an ISO offset. */
export function wallTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  zone: Zone,
): Date | null {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(wall)
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null
  }
  if (typeof zone === 'string' && /^(Z|[+-]\d{2}:?\d{2})$/i.test(zone)) {
    if (zone.toUpperCase() === 'Z') return check
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.replace(/[^\d]/g, '')
    const minutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)))
    return new Date(wall - minutes * 60_000)
  }
  return new Date(wallToUtc(wall, zone))
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayInZone(date: Date, zone: Zone): string {
  const shifted = date.getTime() + zoneOffset(zone, date.getTime()) * 60_000
  return new Date(shifted).toISOString().slice(0, 10)
}

/** YYYY-MM-DD of a UTC day shifted by `days`. */
export function addDays(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
  return days
}
