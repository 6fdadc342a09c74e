/**
 * Every failure of an API call, whatever its cause: `status` is the HTTP status (0 when no
 * answer arrived) and `message` the server's `{message}` or the HTTP layer's own wording.
 * `signedIn` says whether the call carried a token, so a 401 can tell an expired session from
 * a wrong password.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly signedIn: boolean
  /** True when `message` is the server's own `{message}`, not a status text or the client's wording. */
  readonly serverMessage: boolean
  /** A 503's Retry-After of at most 30 s: the server shed the call for a moment of overload. */
  readonly busyFor: number | null

  constructor(
    message: string,
    status: number,
    signedIn = false,
    serverMessage = false,
    retryAfter: string | null = null,
  ) {
    super(message)
    this.status = status
    this.signedIn = signedIn
    this.serverMessage = serverMessage
    const seconds = Number(retryAfter ?? NaN)
    this.busyFor = status === 503 && seconds >= 0 && seconds <= 30 ? seconds : null
  }

  /** Server messages of the form "field: text" belong next to that field. */
  get field(): { name: string; message: string } | null {
    const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(this.message)
    return match ? { name: match[1]!, message: match[2]! } : null
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** A call that got no answer at all: no connection, or the connection dropped. */
export const isNetworkError = (error: unknown): error is ApiError =>
  isApiError(error) && error.status === 0 && error.message === 'Network Error'
