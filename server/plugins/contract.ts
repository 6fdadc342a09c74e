import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  serializerCompiler as validatingSerializer,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'

import { hasArea, lockedMessage, type AreaKey } from '@schemas/access'
import {
  endpointTitle,
  takesIdempotencyKey,
  type BodyOf,
  type Endpoint,
  type EndpointGroup,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@schemas/contract'
import { API_PREFIX } from '@schemas/index'

import { badRequest, forbidden, HttpError, ServerStopping } from '../errors'
import type { AuthedMember } from '../services/auth'
import { runOnce, type StreamRecord } from '../services/idempotency'
import { deepFreeze } from '../shared/freeze'
import type { UploadedFile } from '../shared/uploads'
import { describeValidation } from './errors'
import { plainText } from './plain-text'

export interface HandlerContext<E extends Endpoint> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  /** The caller, from the verified token; set for every endpoint that is not public. */
  member: E['access'] extends 'public' ? AuthedMember | undefined : AuthedMember
  /** The file of a multipart endpoint, when one was sent. */
  file: UploadedFile | undefined
  req: FastifyRequest
  reply: FastifyReply
}

/** A streaming handler's context: `signal` aborts when the caller goes away or the server stops. */
export type StreamContext<E extends Endpoint> = HandlerContext<E> & { signal: AbortSignal }

/**
 * A streaming handler checks what it must first (a thrown HttpError is a plain error answer),
 * then hands back the events to send.
 */
export type StreamHandler<E extends Endpoint> = (
  ctx: StreamContext<E>,
) => Promise<AsyncIterable<ResponseOf<E>>>

/** One event of a live stream, with the id a reconnecting client names in Last-Event-ID. */
export interface LiveEvent<E extends Endpoint> {
  id?: number
  event: ResponseOf<E>
}

/**
 * A live stream's handler: checks first, then hands back the events, each with its id when it
 * has one, until `signal` aborts. The Last-Event-ID a client resumed with is in the context.
 */
export type LiveHandler<E extends Endpoint> = (
  ctx: StreamContext<E> & { lastEventId: number | undefined },
) => Promise<AsyncIterable<LiveEvent<E>>>

export type Handlers<G extends EndpointGroup> = {
  [K in keyof G]: G[K] extends { live: true }
    ? LiveHandler<G[K]>
    : G[K] extends { stream: true }
      ? StreamHandler<G[K]>
      : (ctx: HandlerContext<G[K]>) => Promise<ResponseOf<G[K]>>
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthedMember | undefined
  }
  interface FastifyContextConfig {
    /** The contract entry a route serves; absent on routes outside the contract. */
    endpoint?: Endpoint
  }
}

/** Answers sent again and again as the very same object, as a cache hands them out. */
const lasting = new WeakSet<object>()

/**
 * Marks an answer that is sent many times unchanged: it is frozen, and each route checks it
 * against its response schema and serializes it once, not on every request.
 */
export function lastingAnswer<T extends object>(answer: T): T {
  lasting.add(deepFreeze(answer))
  return answer
}

/** Checks each answer against the route's response schema and serializes it; a lasting one once. */
export const serializerCompiler: typeof validatingSerializer = (route) => {
  const serialize = validatingSerializer(route)
  const serialized = new WeakMap<object, string>()
  return (data) => {
    if (!lasting.has(data as object)) return serialize(data)
    let json = serialized.get(data as object)
    if (json === undefined) serialized.set(data as object, (json = serialize(data)))
    return json
  }
}

/** Registers one endpoint group from the contract: validation, access and response schema. */
export function registerGroup<G extends EndpointGroup>(
  app: FastifyInstance,
  group: G,
  handlers: Handlers<G>,
) {
  for (const [name, endpoint] of Object.entries(group) as [keyof G & string, Endpoint][]) {
    const handler = endpoint.live
      ? streaming(app, endpoint, liveEvents(handlers[name] as LiveHandler<Endpoint>))
      : endpoint.stream
        ? streaming(app, endpoint, handlers[name] as StreamHandler<Endpoint>)
        : (handlers[name] as (ctx: HandlerContext<Endpoint>) => Promise<unknown>)
    const route = (scope: FastifyInstance) =>
      scope.withTypeProvider<ZodTypeProvider>().route({
        method: endpoint.method,
        url: API_PREFIX + endpoint.path,
        config: { endpoint },
        schema: {
          summary: endpointTitle(endpoint),
          ...(endpointTitle(endpoint) === endpoint.summary
            ? {}
            : { description: endpoint.summary }),
          operationId: name,
          ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          // A multipart body is read and validated in the handler, part by part.
          ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
          ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
          ...(endpoint.binary || endpoint.stream
            ? {}
            : { response: { [endpoint.status ?? 200]: endpoint.response } }),
          ...(endpoint.stream ? { produces: ['text/event-stream'] } : {}),
        },
        // Before the body is even read: anonymous callers of member calls get 401 straight away.
        onRequest:
          endpoint.access === 'public'
            ? undefined
            : async (req) => {
                const member = await app.services.auth.authenticate(bearerToken(req))
                req.member = member
                if (endpoint.access === 'admin' && member.role !== 'admin') throw forbidden()
                const area = endpoint.area as AreaKey | undefined
                if (area && !hasArea(member, area)) {
                  throw forbidden(lockedMessage(area))
                }
              },
        // Before the contract validates them: no control characters, text in composed form.
        preValidation: async (req) => {
          req.params = plainText(req.params)
          req.query = plainText(req.query)
          req.body = plainText(req.body)
        },
        handler: async (req, reply) => {
          const upload = endpoint.multipart ? await readMultipart(req, endpoint) : undefined
          // Set before the handler runs, so a handler may still choose another (a redirect).
          reply.code(endpoint.status ?? 200)
          const run = (stream?: StreamRecord) =>
            handler({
              params: req.params,
              query: req.query,
              body: upload ? upload.body : req.body,
              member: req.member as AuthedMember,
              file: upload?.file,
              req,
              reply,
              ...(stream ? { stream } : {}),
            } as HandlerContext<Endpoint>)
          const key = idempotencyKeyOf(endpoint, req)
          if (!key) return run()
          return runOnce(
            app.services.database.db,
            {
              memberId: (req.member as AuthedMember).id,
              key,
              route: `${req.method} ${req.url}`,
              body: req.body,
              streamed: endpoint.stream === true,
              status: () => reply.statusCode,
              replaying: (status) => {
                reply.header('idempotent-replayed', 'true')
                if (!endpoint.stream) reply.code(status)
              },
            },
            run,
          )
        },
      })
    if (endpoint.formEncoded) {
      // Only this route accepts a plain HTML form post; every other one stays JSON-only.
      app.register(async (scope) => {
        await scope.register(formbody, { bodyLimit: 16 * 1024 })
        route(scope)
      })
    } else if (endpoint.multipart) {
      // Only these routes take multipart bodies, and only they pay for its hooks on every request.
      app.register(async (scope) => {
        await scope.register(multipart)
        route(scope)
      })
    } else {
      route(app)
    }
  }
}

/** The request's Idempotency-Key, when its endpoint takes one (see `takesIdempotencyKey`). */
function idempotencyKeyOf(endpoint: Endpoint, req: FastifyRequest): string | undefined {
  if (!takesIdempotencyKey(endpoint)) return undefined
  const key = req.headers['idempotency-key']
  if (key === undefined) return undefined
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible characters')
  }
  return key
}

/** Streams still open, so a stopping server ends them instead of waiting for them. */
const openStreams = new WeakMap<FastifyInstance, Set<AbortController>>()

/** How often a live stream says it is still there while nothing happens. */
export const LIVE_KEEPALIVE_MS = 20_000

/** An event of a live stream marked as one, for `streaming` to write its id. */
const withId = new WeakMap<object, number>()

/**
 * A live handler as a stream handler: the Last-Event-ID the client sent goes in, and each event
 * comes out with its id noted for `streaming`.
 */
function liveEvents(handler: LiveHandler<Endpoint>): StreamHandler<Endpoint> {
  return async (ctx) => {
    const header = Number(ctx.req.headers['last-event-id'])
    const lastEventId = Number.isSafeInteger(header) && header > 0 ? header : undefined
    const events = await handler({ ...ctx, lastEventId })
    return (async function* () {
      for await (const { id, event } of events) {
        if (id !== undefined && event && typeof event === 'object') withId.set(event, id)
        yield event
      }
    })()
  }
}

/**
 * Sends a stream handler's events as server-sent events: one `data:` line of JSON each (after an
 * `id:` line for a live stream's event that has one), every event checked against the contract.
 * A live stream also sends a comment line every `LIVE_KEEPALIVE_MS`. The caller going away aborts
 * the handler's signal.
 */
function streaming(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: StreamHandler<Endpoint>,
): (ctx: HandlerContext<Endpoint>) => Promise<unknown> {
  let open = openStreams.get(app)
  if (!open) {
    const streams = new Set<AbortController>()
    openStreams.set(app, (open = streams))
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.abort(new ServerStopping())
    })
  }
  const streams = open
  return async (ctx) => {
    const controller = new AbortController()
    const { reply } = ctx
    const record = (ctx as { stream?: StreamRecord }).stream
    const events = record?.replay
      ? (record.replay as AsyncIterable<ResponseOf<Endpoint>> & unknown[])
      : await handler({ ...ctx, signal: controller.signal })
    reply.hijack()
    const raw = reply.raw
    streams.add(controller)
    raw.on('close', () => {
      if (!raw.writableFinished) controller.abort()
    })
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    })
    // Headers go at once, so the browser knows the answer has begun before the first word.
    raw.flushHeaders()
    const keepAlive = endpoint.live
      ? setInterval(() => raw.write(': still here\n\n'), LIVE_KEEPALIVE_MS)
      : undefined
    keepAlive?.unref()
    try {
      for await (const event of events) {
        if (raw.destroyed) break
        const checked = endpoint.response.parse(event)
        record?.sent.push(checked)
        const id = event && typeof event === 'object' ? withId.get(event) : undefined
        raw.write(`${id !== undefined ? `id: ${id}\n` : ''}data: ${JSON.stringify(checked)}\n\n`)
      }
    } catch (error) {
      ctx.req.log.error({ err: error }, 'a stream failed')
    } finally {
      clearInterval(keepAlive)
      streams.delete(controller)
      await record?.keep?.(record.sent).catch((error: unknown) => {
        ctx.req.log.error({ err: error }, 'a streamed answer was not kept for its key')
      })
      raw.end()
      // A stopping server waits for every connection: this one is not kept alive for another.
      if (controller.signal.reason instanceof ServerStopping) raw.socket?.end()
    }
    return undefined
  }
}

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined
}

async function readMultipart(req: FastifyRequest, endpoint: Endpoint) {
  const spec = endpoint.multipart!
  if (!req.isMultipart()) {
    throw new HttpError(415, 'Unsupported content type: send multipart/form-data')
  }
  const fields: Record<string, string> = {}
  let file: UploadedFile | undefined
  for await (const part of req.parts({
    preservePath: true, // so a path in a file name is seen and refused, not silently cut
    limits: { fileSize: spec.maxBytes, files: 1, fields: 30, fieldSize: 16 * 1024, parts: 32 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== spec.file) {
        part.file.resume()
        throw badRequest(`${part.fieldname}: unexpected file; send the file as ${spec.file}`)
      }
      const buffer = await part.toBuffer()
      if (buffer.length > 0) file = { buffer, filename: part.filename, mimetype: part.mimetype }
    } else {
      fields[part.fieldname] = String(part.value)
    }
  }
  if (file) plainText(file.filename, ['filename'])
  const parsed = endpoint.body
    ? endpoint.body.safeParse(plainText(fields))
    : { success: true as const, data: fields }
  if (!parsed.success) {
    throw badRequest(
      describeValidation(
        parsed.error.issues.map((issue) => ({
          instancePath: `/${issue.path.join('/')}`,
          message: issue.message,
        })),
      ),
    )
  }
  return { body: parsed.data, file }
}
