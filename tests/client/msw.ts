import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

import type { BodyIn, Endpoint, ParamsIn, ResponseOf } from '@schemas/contract'
import { API_PREFIX } from '@schemas/index'

export const server = setupServer()

/** The `:name` parameters of the endpoint's path, as the strings msw captured. */
type PathParams<E extends Endpoint> =
  ParamsIn<E> extends Record<string, unknown> ? Record<keyof ParamsIn<E> & string, string> : never

export interface Captured<E extends Endpoint> {
  body: BodyIn<E>
  params: PathParams<E>
  headers: Headers
  url: URL
}

/** What a handler is told of a request: its JSON body, path parameters, headers and address. */
async function captured<E extends Endpoint>(
  request: Request,
  params: Record<string, unknown>,
): Promise<Captured<E>> {
  const text = await request.text()
  return {
    body: (text ? JSON.parse(text) : undefined) as BodyIn<E>,
    params: params as PathParams<E>,
    headers: request.headers,
    url: new URL(request.url),
  }
}

type Answer<E extends Endpoint> =
  { status?: 200 | 201; data: ResponseOf<E> } | { status: number; message: string }

/**
 * An msw handler for one contract entry. Success bodies go through the endpoint's response
 * schema first, so a test cannot answer something the real server never would.
 */
export function handle<E extends Endpoint>(
  endpoint: E,
  answer: (request: Captured<E>) => Answer<E> | Promise<Answer<E>>,
) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
  return http[method](`${API_PREFIX}${endpoint.path}`, async ({ request, params }) => {
    const result = await answer(await captured<E>(request, params))
    if ('message' in result) {
      return HttpResponse.json({ message: result.message }, { status: result.status })
    }
    return HttpResponse.json(endpoint.response.parse(result.data) as never, {
      status: result.status ?? endpoint.status ?? 200,
    })
  })
}

/**
 * An msw handler for a streaming contract entry: each event goes out as a server-sent event
 * once `next` resolves for it (a test holds the stream there); the stream stops when the
 * page aborts the call. Events go through the endpoint's event schema first.
 */
export function handleStream<E extends Endpoint & { stream: true }>(
  endpoint: E,
  answer: (
    request: Captured<E>,
  ) =>
    | { events: ResponseOf<E>[]; next?: (index: number) => Promise<void> }
    | { status: number; message: string },
) {
  const method = endpoint.method.toLowerCase() as 'post'
  return http[method](`${API_PREFIX}${endpoint.path}`, async ({ request, params }) => {
    const result = answer(await captured<E>(request, params))
    if ('message' in result) {
      return HttpResponse.json({ message: result.message }, { status: result.status })
    }
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [i, event] of result.events.entries()) {
          await result.next?.(i)
          if (request.signal.aborted) return
          const data = JSON.stringify(endpoint.response.parse(event))
          controller.enqueue(encoder.encode(`data: ${data}\n\n`))
        }
        controller.close()
      },
    })
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
  })
}

/**
 * A live stream (a contract entry marked `live`): the events given first, then whatever the test
 * sends through `send`, the stream staying open until the page lets it go. `requests` holds each
 * connection's Last-Event-ID (or null).
 */
export function liveStream<E extends Endpoint & { live: true }>(
  endpoint: E,
  first: { id?: number; event: ResponseOf<E> }[] = [],
) {
  const encoder = new TextEncoder()
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>()
  const requests: (string | null)[] = []
  const frame = (item: { id?: number; event: ResponseOf<E> }) =>
    encoder.encode(
      `${item.id !== undefined ? `id: ${item.id}\n` : ''}data: ${JSON.stringify(endpoint.response.parse(item.event))}\n\n`,
    )
  const handler = http.get(`${API_PREFIX}${endpoint.path}`, ({ request }) => {
    requests.push(request.headers.get('last-event-id'))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.add(controller)
        for (const item of first) controller.enqueue(frame(item))
        request.signal.addEventListener('abort', () => {
          open.delete(controller)
          try {
            controller.close()
          } catch {
            // closed already
          }
        })
      },
    })
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
  })
  return {
    handler,
    requests,
    /** Sends an event on every open connection. */
    send(event: ResponseOf<E>, id?: number) {
      for (const controller of open) controller.enqueue(frame({ event, ...(id ? { id } : {}) }))
    },
  }
}
