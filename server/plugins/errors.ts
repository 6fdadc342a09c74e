import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import secureJson from 'secure-json-parse'

import { API_PREFIX } from '@schemas/index'

import { badRequest, BUSY_MESSAGE, DatabaseBusy, HttpError } from '../errors'
import type { ShedReason } from '../services/metrics'
import { causes, databaseCode } from '../shared/database-errors'
import { fieldName, shortQuotes } from '../shared/echo'
import { RETRY_AFTER_SECONDS } from './pressure'
import { securityHeaders } from './security'

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_FILES_LIMIT: 'Send one file at most',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PARTS_LIMIT: 'Too many form parts',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Unsupported content type: send multipart/form-data',
}

/**
 * What a database refusal caused by the request's values means to the caller, by PostgreSQL's
 * error code (class 22: a value that cannot be stored; class 23: a rule of the data). Checked
 * input should never get here; when something does, it is the caller's 4xx, not our 500.
 */
const DATABASE_REFUSALS: [RegExp, number, string][] = [
  [/^23505$/, 409, 'That already exists'],
  [/^23503$/, 409, 'That refers to something that does not exist (any more)'],
  [/^2350[12]$|^23514$/, 400, 'A value in the request is missing or not allowed'],
  [/^22001$/, 400, 'A value in the request is too long'],
  [/^22003$/, 400, 'A number in the request is out of range'],
  [/^2200[78]$/, 400, 'A date or time in the request is not valid'],
  [/^22/, 400, 'A value in the request cannot be stored'],
]

/**
 * The status and message a database refusal of the request's values is answered with, when
 * `error` (or what it wraps: drizzle sets the cause) is one.
 */
export function databaseRefusal(error: unknown): { status: number; message: string } | undefined {
  const code = databaseCode(error)
  const refusal = code && DATABASE_REFUSALS.find(([pattern]) => pattern.test(code))
  return refusal ? { status: refusal[1], message: refusal[2] } : undefined
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })
const LENIENT_UTF8 = new TextDecoder('utf-8')

/** The first field (or field name) of a parsed body holding U+FFFD, as `fieldName` writes it. */
function fieldWithReplacement(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\uFFFD') ? fieldName(path) : undefined
  if (value === null || typeof value !== 'object' || path.length > 32) return undefined
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\uFFFD')) return `${fieldName(path)}: a field name`
    const found = fieldWithReplacement(item, [...path, Array.isArray(value) ? Number(key) : key])
    if (found) return found
  }
  return undefined
}

/** "title: is not valid UTF-8 text" for a body whose bytes are not UTF-8, naming the field. */
function notUtf8(bytes: Buffer) {
  let field: string | undefined
  try {
    field = fieldWithReplacement(JSON.parse(LENIENT_UTF8.decode(bytes)))
  } catch {
    // Not JSON either: the body as a whole.
  }
  return badRequest(`${field ?? 'The request body'}: is not valid UTF-8 text`)
}

/**
 * A JSON body, parsed: bytes that are not UTF-8 are refused naming the field (never stored as
 * U+FFFD), and "__proto__" and "constructor.prototype" fields with a message that says so (they
 * could change every object's prototype), not taken for broken JSON.
 */
export function parseJsonBody(
  _req: unknown,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
) {
  let text: string
  try {
    text = typeof body === 'string' ? body : UTF8.decode(body)
  } catch {
    return done(notUtf8(body as Buffer))
  }
  if (text.trim() === '') return done(badRequest(FASTIFY_MESSAGES.FST_ERR_CTP_EMPTY_JSON_BODY!))
  try {
    done(null, secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' }))
  } catch (error) {
    done(
      badRequest(
        /prototype|constructor/i.test((error as Error).message)
          ? 'The request body may not use "__proto__" or "constructor" as a field name'
          : FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!,
      ),
    )
  }
}

const SERVER_FAILURE = 'Something went wrong on our side. Try again in a moment.'

/** What the router refuses before any route or hook runs, by Fastify's code. */
const ROUTER_REFUSALS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: a % in it does not start a character'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long'],
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a bad percent
 * encoding, an over-long parameter) is answered as every other error, `{ message }` without the
 * address, with the security headers and `no-store` the hooks would have set.
 */
export function answerRouterError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const [status, message] = ROUTER_REFUSALS[error.code] ?? [500, SERVER_FAILURE]
  if (status >= 500) req.log.error({ err: error }, 'the router failed')
  void reply
    .code(status)
    .headers({ ...securityHeaders(req.url), 'cache-control': 'no-store' })
    .send({ message })
}

/** The longest a validation message gets. */
const MOST_MESSAGE = 600

interface ValidationIssue {
  instancePath: string
  message?: string
}

/**
 * "email: Enter a valid e-mail address" — the field first, so the client can show it there. A
 * value or field name is quoted by its first characters only (see shared/echo.ts).
 */
export function describeValidation(issues: ValidationIssue[]): string {
  const described = issues.map((issue) => {
    const field = fieldName(issue.instancePath.split('/').slice(1))
    const message = shortQuotes(issue.message ?? 'Invalid request')
    return issue.instancePath ? `${field}: ${message}` : message
  })
  // Two rules may refuse a value with the same words (a limit and the rule that refines it).
  const message = [...new Set(described)].join('; ')
  // Thousands of unknown fields are still one short answer.
  return message.length > MOST_MESSAGE
    ? `${[...message].slice(0, MOST_MESSAGE).join('')}…`
    : message
}

/**
 * Every error leaves as `{ message }`; 5xx details stay in the log. A query that waited its
 * limit out for the database is answered as a request shed for load, and `onShed` told.
 */
export function registerErrorHandling(app: FastifyInstance, onShed?: (reason: ShedReason) => void) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message })
    }
    if ([...causes(error)].some((e) => e instanceof DatabaseBusy)) {
      onShed?.('database_wait')
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: BUSY_MESSAGE })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: describeValidation(error.validation) })
    }
    const refusal = databaseRefusal(error)
    if (refusal) {
      req.log.warn({ err: error }, 'the database refused a value of the request')
      return reply.code(refusal.status).send({ message: refusal.message })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[error.code] ??
        (error instanceof SyntaxError
          ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY
          : undefined) ??
        error.message
      return reply.code(status).send({ message })
    }
    req.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ message: SERVER_FAILURE })
  })

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? ''
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
    if (!isApi && (req.method === 'GET' || req.method === 'HEAD') && app.spaIndex) {
      return reply.code(200).header('cache-control', 'no-cache').sendFile(app.spaPage(req.url))
    }
    return reply.code(404).send({ message: 'Not found' })
  })
}
