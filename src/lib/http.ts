import ky, { HTTPError, TimeoutError } from 'ky'

import { ApiError } from './api-error'
import { STORAGE_KEYS } from './session'

const API_BASE: string = import.meta.env.VITE_API_BASE || '/api'

/** Absolute, so the client also works where Request cannot resolve relative URLs (tests). */
const apiBaseUrl = () =>
  typeof document === 'undefined' ? API_BASE : new URL(API_BASE, document.baseURI).href

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

/**
 * The one HTTP client: no timeout (spec point 9), the spec's headers on every call. It retries
 * nothing itself: `request` sends a shed call again when that is safe.
 */
export const http = ky.create({
  prefixUrl: apiBaseUrl(),
  timeout: false,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = localStorage.getItem(STORAGE_KEYS.token)
        const role = localStorage.getItem(STORAGE_KEYS.role)
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
        if (role) request.headers.set('Role', role)
        request.headers.set('Accept', 'application/json')
        const xsrf = readCookie('XSRF-TOKEN')
        if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf)
      },
    ],
  },
})

export type QueryValue = string | number | boolean | null | undefined

/** Only non-empty query parameters are sent (spec point 5). */
export function compactQuery(query: Record<string, QueryValue> | undefined) {
  const params = new URLSearchParams()
  if (!query) return params
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.append(key, String(value))
  }
  return params
}

/** The `{message}` of an error answer, or null when its body has none. */
async function serverMessageOf(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.clone().json()
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const message = (body as { message: unknown }).message
      if (typeof message === 'string' && message) return message
    }
  } catch {
    // Not JSON (a proxy's error page, say): the caller falls back to the status text.
  }
  return null
}

/** Turns whatever ky or fetch threw into an ApiError. */
export async function toApiError(
  error: unknown,
  signedIn: boolean,
  timeout: number | false = false,
): Promise<ApiError> {
  if (error instanceof ApiError) return error
  if (error instanceof HTTPError) {
    const { response } = error
    const message = await serverMessageOf(response)
    const fallback = response.statusText || `Request failed with status code ${response.status}`
    return new ApiError(
      message ?? fallback,
      response.status,
      signedIn,
      message !== null,
      response.headers.get('retry-after'),
    )
  }
  if (error instanceof TimeoutError) {
    return new ApiError(`timeout of ${timeout || 0}ms exceeded`, 0, signedIn)
  }
  // By name, not class: fetch implementations throw their own DOMException.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : ''
  if (name === 'AbortError') {
    return new ApiError('Request aborted', 0, signedIn)
  }
  return new ApiError('Network Error', 0, signedIn)
}

export interface RequestInput {
  method: string
  /** Path under the API base, without a leading slash. */
  path: string
  query?: Record<string, QueryValue>
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Off unless a caller needs one: the spec has no request timeout by default. */
  timeout?: number | false
}

/** How many times a call the server shed (503 with a short Retry-After) is sent again. */
const BUSY_RETRIES = 2

/**
 * The wait before the `attempt`-th repeat of a call shed for `busyFor` seconds: never less than
 * the server asked, plus a random part ("full jitter") of a share that doubles with each
 * attempt, so the callers a busy moment turned away do not all come back at the same instant.
 */
export const busyRetryDelayMs = (busyFor: number, attempt: number, random = Math.random) =>
  Math.min((busyFor + random() * Math.max(busyFor, 0.5) * 2 ** attempt) * 1000, 30_000)

/**
 * One call through the shared client; resolves with the parsed JSON body, rejects with ApiError.
 * A call the server shed under load is sent again after its Retry-After (at most BUSY_RETRIES
 * times) when sending it twice does what sending it once does: a read, or a write with an
 * Idempotency-Key (the server answers a repeat with the first answer).
 */
export async function request(input: RequestInput) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requestOnce(input)
    } catch (error) {
      const busyFor = (error as ApiError).busyFor
      if (
        busyFor === null ||
        attempt >= BUSY_RETRIES ||
        input.signal?.aborted ||
        !(
          /^(GET|HEAD)$/i.test(input.method) ||
          Object.keys(input.headers ?? {}).some((name) => /^idempotency-key$/i.test(name))
        )
      ) {
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, busyRetryDelayMs(busyFor, attempt)))
    }
  }
}

async function requestOnce({
  method,
  path,
  query,
  body,
  signal,
  headers,
  timeout = false,
}: RequestInput) {
  const signedIn = Boolean(localStorage.getItem(STORAGE_KEYS.token))
  try {
    const response = await http(path, {
      method,
      searchParams: compactQuery(query),
      // A form (multipart endpoints) goes as is, so fetch sets its boundary; all else is JSON.
      ...(body instanceof FormData ? { body } : { json: body }),
      signal,
      headers,
      timeout,
    })
    if (response.status === 204) return undefined
    try {
      return (await response.json()) as unknown
    } catch {
      throw new ApiError('The server sent an answer that is not JSON', response.status, signedIn)
    }
  } catch (error) {
    throw await toApiError(error, signedIn, timeout)
  }
}
