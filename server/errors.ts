import { AUTH_MESSAGES } from '@schemas/auth'

/** An error whose status and message reach the client as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message: string = AUTH_MESSAGES.unauthorized) =>
  new HttpError(401, message)
export const forbidden = (message: string = AUTH_MESSAGES.forbidden) => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, AUTH_MESSAGES.tooMany, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  })

/** What a request shed for load is told, with `Retry-After` (server/plugins/pressure.ts). */
export const BUSY_MESSAGE = 'The server is busy right now. Try again in a moment.'

/**
 * A query waited its limit out for a connection to the database: the request is answered as one
 * shed for load (503 with Retry-After), not as a failure.
 */
export class DatabaseBusy extends Error {
  constructor(cause: unknown) {
    super('A query waited too long for a connection to the database', { cause })
  }
}

/** Why a stream's signal aborts when the server stops: the stream ends saying so. */
export class ServerStopping extends Error {
  constructor() {
    super('The server is stopping')
  }
}
