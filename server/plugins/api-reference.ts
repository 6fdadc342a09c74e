import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import scalar from '@scalar/fastify-api-reference'
import type { FastifyInstance, onSendHookHandler } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

import { takesIdempotencyKey, type Endpoint } from '@schemas/contract'
import { API_PREFIX, contract } from '@schemas/index'

/** The human-readable reference of the API, drawn from the OpenAPI document at `/api/docs`. */
export const REFERENCE_PATH = `${API_PREFIX}/reference`
/** The reference's page script, served from this origin (the page's policy allows no other). */
const REFERENCE_SCRIPT = `${REFERENCE_PATH}/js/scalar.js`

/** What every caller must know once, before any one route: the top of the reference. */
const DESCRIPTION = `The API behind the Members Area app. Every call answers JSON under \`${API_PREFIX}\`; the app uses exactly these calls.

## Signing in

\`POST ${API_PREFIX}/auth/login\` with an e-mail and password answers \`{ "data": { "token": "…" } }\`
(or a two-step challenge to complete at \`POST ${API_PREFIX}/auth/two-steps\`). Send the token on every
other call as \`Authorization: Bearer <token>\`. A call without a valid token answers **401**; a
member's call an administrator's route refuses, or a page the member's access does not include,
answers **403** with the reason. \`POST ${API_PREFIX}/auth/logout\` ends every session at once.

## Errors

Every refusal and failure has one shape, \`{ "message": "…" }\`, with the HTTP status:

| status | meaning |
| --- | --- |
| 400 | the input is not valid; the message names the field first: \`title: Title is required\` |
| 401 | sign in (again) |
| 403 | not allowed for this member |
| 404 | nothing there, or it belongs to another member |
| 409 | it already exists, or a request with the same Idempotency-Key is still running |
| 413 / 415 | the body is too large / not JSON (or not multipart where a file is sent) |
| 422 | the Idempotency-Key was already used for another request |
| 429 | too many attempts: wait for the \`Retry-After\` header's seconds |
| 503 | the server is overloaded for a moment: try again after \`Retry-After\` |

Text is checked before it is stored: control characters are refused in every field, and names
and labels (titles, names) are one line of visible text. What each field accepts (length,
pattern, format, choices) is in its schema below; a rule between fields is in the schema's
description.

## Idempotency-Key

Every call that creates something for a member (a \`POST\` answering 201, and the AI writers'
streams) takes an \`Idempotency-Key\` header of 1 to 255 visible characters. A retry with the same
key answers what the first request answered (with \`Idempotent-Replayed: true\`; a stream replays
its events) and creates nothing; the same key on another request answers 422, and while the
first is still running 409. A request that failed frees its key. Keys are kept a day, per member.

## Streams

The AI writers and the chatbot answer \`text/event-stream\`: one \`data:\` line of JSON per event,
each in the shape the operation's response schema gives.`

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' }
const IDEMPOTENCY_KEY = { $ref: '#/components/parameters/IdempotencyKey' }

type Operation = {
  tags?: string[]
  parameters?: unknown[]
  responses?: Record<string, unknown>
}
type Document = { paths?: Record<string, Record<string, Operation>> } & Record<string, unknown>

/** A contract group's name as a heading of the reference: `healthNiche` → "Health niche". */
const groupTitle = (name: string) =>
  name === 'ai'
    ? 'AI'
    : name[0]!.toUpperCase() + name.slice(1).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)

/** Each contract entry and its group by the method and path the OpenAPI document files it under. */
const endpointsByOperation = () => {
  const byOperation = new Map<string, { endpoint: Endpoint; group: string }>()
  for (const [group, endpoints] of Object.entries(contract)) {
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const path = (API_PREFIX + endpoint.path).replace(/:(\w+)/g, '{$1}')
      byOperation.set(`${endpoint.method.toLowerCase()} ${path}`, {
        endpoint,
        group: groupTitle(group),
      })
    }
  }
  return byOperation
}

/**
 * The OpenAPI document of the contract: each route's schemas, and once for all of them the way
 * to sign in, the error answer and the Idempotency-Key, referred to from each operation.
 */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: { title: 'Members Area API', version: '1.0.0', description: DESCRIPTION },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `The token \`POST ${API_PREFIX}/auth/login\` answers`,
        },
      },
      responses: {
        Error: {
          description: 'Refused or failed: the message says why, naming the field first',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['message'],
                properties: { message: { type: 'string' } },
                additionalProperties: false,
              },
            },
          },
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a create safe to retry: the same key answers what the first request answered',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        },
      },
    },
  },
  transform: jsonSchemaTransform,
  transformObject: (document) => {
    if (!('openapiObject' in document)) return document.swaggerObject
    const { openapiObject } = document
    const endpoints = endpointsByOperation()
    const paths = (openapiObject as Document).paths ?? {}
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const found = endpoints.get(`${method} ${path}`)
        if (!found) continue
        const { endpoint, group } = found
        operation.tags = [group]
        operation.responses = { ...operation.responses, default: ERROR_RESPONSE }
        if (takesIdempotencyKey(endpoint)) {
          operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY]
        }
      }
    }
    return openapiObject
  },
}

/**
 * The OpenAPI document (`/api/docs`, a contract route) and its readable reference at
 * `/api/reference`: Scalar's page script, bundled in its Fastify plugin and sent from here, on a
 * page of our own with no inline script, so the page's strict policy holds (the plugin's page
 * would configure the script inline).
 */
export async function registerApiReference(app: FastifyInstance) {
  await app.register(swagger, openApiOptions)
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (route.url === REFERENCE_PATH) {
        route.handler = async (_req, reply) =>
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE)
      } else if (route.url === `${REFERENCE_PATH}/`) {
        route.handler = async (_req, reply) => reply.redirect(REFERENCE_PATH, 301)
      } else if (route.url === REFERENCE_SCRIPT) {
        route.onSend = compressedScript()
      }
    })
    await scope.register(scalar, {
      routePrefix: REFERENCE_PATH,
      configuration: { url: `${API_PREFIX}/docs` },
    })
  })
}

/**
 * Scalar's settings, read by its script from the page: nothing fetched from anywhere else (its
 * fonts, telemetry, its AI agent), no developer tools; the call client tries calls on this server.
 */
const SETTINGS = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  metaData: { title: 'Members Area API reference' },
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll("'", '&#39;')

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Members Area API reference</title>
    <link
      rel="icon"
      href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%235d87ff'/%3E%3Ctext x='16' y='21' font-family='sans-serif' font-size='13' font-weight='700' fill='white' text-anchor='middle'%3EMA%3C/text%3E%3C/svg%3E"
    />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${API_PREFIX}/docs" data-configuration='${escapeAttribute(JSON.stringify(SETTINGS))}'></script>
    <script src="${REFERENCE_SCRIPT}"></script>
  </body>
</html>
`

/**
 * The page script (about 5 MB) gzipped once, on its first request, and cached by browsers for a
 * day: it changes only with the package.
 */
function compressedScript(): onSendHookHandler {
  const pack = promisify(gzip)
  let zipped: Promise<Buffer> | undefined
  return async (req, reply, payload) => {
    reply.header('cache-control', 'public, max-age=86400')
    reply.header('vary', 'accept-encoding')
    if (typeof payload !== 'string' || !/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      return payload
    }
    zipped ??= pack(payload, { level: 9 })
    reply.header('content-encoding', 'gzip')
    return zipped
  }
}
