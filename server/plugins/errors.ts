import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import secureJson from 'secure-json-parse'

import { API_PREFIX } from '@schemas/index'

import { badRequest, HttpError } from '../errors'
import { databaseCode } from '../shared/database-errors'

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

/**
 * A JSON body, parsed: "__proto__" and "constructor.prototype" fields are refused with a message
 * that says so (they could change every object's prototype), not taken for broken JSON.
 */
export function parseJsonBody(
  _req: unknown,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
) {
  const text = String(body)
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

interface ValidationIssue {
  instancePath: string
  message?: string
}

/** "email: Enter a valid e-mail address" — the field first, so the client can show it there. */
export function describeValidation(issues: ValidationIssue[]): string {
  const described = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    return field ? `${field}: ${issue.message}` : (issue.message ?? 'Invalid request')
  })
  // Two rules may refuse a value with the same words (a limit and the rule that refines it).
  return [...new Set(described)].join('; ')
}

/** Every error leaves as `{ message }`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message })
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
