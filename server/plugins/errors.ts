import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

import { API_PREFIX } from '../../api-schemas/index'
import { HttpError } from '../errors'

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

const SERVER_FAILURE = 'Something went wrong on our side. Try again in a moment.'

interface ValidationIssue {
  instancePath: string
  message?: string
}

/** "email: Enter a valid e-mail address" — the field first, so the client can show it there. */
export function describeValidation(issues: ValidationIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
      return field ? `${field}: ${issue.message}` : (issue.message ?? 'Invalid request')
    })
    .join('; ')
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
