import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type OpenAiFakeMode =
  /** Streams the reply as SSE chunks. */
  | 'ok'
  /** Waits `delayMs` before sending headers, then behaves like ok. */
  | 'slow'
  /** Sends headers and the first chunk, then nothing more (never ends) until closed. */
  | 'stall'
  /** Answers 429 with `Retry-After: <retryAfterSeconds>` and an OpenAI-style JSON error body. */
  | '429'
  /** Answers 500 with an OpenAI-style JSON error body. */
  | '500'
  /** Streams about half the chunks, then destroys the socket without [DONE]. */
  | 'cut'
  /** Streams a couple of chunks, then a `data: {not json` event, then the rest and [DONE]. */
  | 'invalid-json'

/** A `POST /v1/chat/completions` request as the fake received it. */
export interface RecordedChat {
  headers: IncomingHttpHeaders
  /** The parsed JSON request; the raw text when the body was not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  /** Date.now() when the request arrived. */
  at: number
}

export interface OpenAiFakeOptions {
  /** The answer text for a request; default: a fixed English sentence of ~40 words. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  reply?: (body: any) => string
  mode?: OpenAiFakeMode
  /** ms between chunks (default 5) */
  chunkDelayMs?: number
  /** ms before the headers in 'slow' mode (default 2000) */
  delayMs?: number
  /** The Retry-After seconds in '429' mode (default 7) */
  retryAfterSeconds?: number
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string
}

export interface OpenAiFake {
  /** The base URL ending in /v1, e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string
  requests: RecordedChat[]
  /** Change behaviour for the following requests. */
  set(options: Partial<OpenAiFakeOptions>): void
  close(): Promise<void>
}

const defaultReply =
  'The quick brown fox jumps over the lazy dog while the patient farmer watches from the ' +
  'porch, sipping coffee and wondering whether the rain will arrive before the harvest is ' +
  'finished. Tomorrow he will count the sheep in the meadow again.'

/** The fields of a chat request the fake reads. */
interface ChatRequest {
  model?: unknown
  messages?: unknown
  stream?: unknown
  stream_options?: { include_usage?: unknown } | null
  max_tokens?: unknown
  max_completion_tokens?: unknown
}

interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** Pieces of roughly one word each, whitespace kept, so that their concatenation is `text`. */
function words(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? []
}

/** ceil(length / 4) per message, summed; text parts of multi-part contents count too. */
function promptTokens(messages: unknown): number {
  if (!Array.isArray(messages)) return 0
  let tokens = 0
  for (const message of messages as { content?: unknown }[]) {
    const content = message?.content
    let length = 0
    if (typeof content === 'string') length = content.length
    else if (Array.isArray(content)) {
      for (const part of content as { text?: unknown }[]) {
        if (typeof part?.text === 'string') length += part.text.length
      }
    }
    tokens += Math.ceil(length / 4)
  }
  return tokens
}

/** `max_completion_tokens`, else `max_tokens`, when a non-negative number. */
function tokenLimit(body: ChatRequest): number | undefined {
  const limit = body.max_completion_tokens ?? body.max_tokens
  return typeof limit === 'number' && Number.isFinite(limit) && limit >= 0
    ? Math.floor(limit)
    : undefined
}

/**
 * A local stand-in for OpenAI's chat-completions API (`POST /v1/chat/completions`), streamed
 * (SSE chunks, `[DONE]` last) or not, with a mode per request for rate limits, server errors,
 * slow or stalled answers, cut connections and malformed events.
 */
export async function startOpenAiFake(options: OpenAiFakeOptions = {}): Promise<OpenAiFake> {
  let settings: OpenAiFakeOptions = { ...options }
  const timers = new Set<NodeJS.Timeout>()
  let completions = 0

  const fake: OpenAiFake = {
    baseUrl: '',
    requests: [],
    set(changes) {
      settings = { ...settings, ...changes }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }

  /** Runs `next` after `ms`, unless the response closes first or the fake is closed. */
  function later(res: ServerResponse, ms: number, next: () => void) {
    const cancel = () => {
      clearTimeout(timer)
      timers.delete(timer)
    }
    const timer = setTimeout(() => {
      timers.delete(timer)
      res.off('close', cancel)
      if (!res.destroyed && !res.writableEnded) next()
    }, ms)
    timers.add(timer)
    res.once('close', cancel)
  }

  function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
    if (res.destroyed) return
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

  function sendError(
    res: ServerResponse,
    status: number,
    error: { message: string; type: string; code?: string | null },
    headers = {},
  ) {
    send(res, status, { error: { param: null, code: null, ...error } }, headers)
  }

  const server = createServer((req, res) => {
    const at = Date.now()
    const parts: Buffer[] = []
    req.on('data', (chunk: Buffer) => parts.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        return sendError(res, 404, {
          message: `Invalid URL (${req.method} ${path})`,
          type: 'invalid_request_error',
        })
      }
      const text = Buffer.concat(parts).toString('utf8')
      let body: unknown = text
      let parsed = false
      try {
        body = JSON.parse(text)
        parsed = typeof body === 'object' && body !== null && !Array.isArray(body)
      } catch {
        // Recorded as the raw text and answered 400 below.
      }
      fake.requests.push({ headers: req.headers, body, at })
      const current = { ...settings }

      if (current.apiKey !== undefined) {
        const authorization = req.headers.authorization
        if (authorization !== `Bearer ${current.apiKey}`) {
          return sendError(res, 401, {
            message: authorization
              ? 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.'
              : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            type: 'invalid_request_error',
            code: authorization ? 'invalid_api_key' : null,
          })
        }
      }
      if (!parsed) {
        return sendError(res, 400, {
          message:
            'We could not parse the JSON body of your request. (HINT: This likely means you ' +
            "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)",
          type: 'invalid_request_error',
        })
      }
      answer(res, body as ChatRequest, current)
    })
  })

  function answer(res: ServerResponse, body: ChatRequest, current: OpenAiFakeOptions) {
    const mode = current.mode ?? 'ok'
    const model = typeof body.model === 'string' ? body.model : 'gpt-fake'
    if (mode === '429') {
      const seconds = current.retryAfterSeconds ?? 7
      return sendError(
        res,
        429,
        {
          message:
            `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, ` +
            `Requested 1. Please try again in ${seconds}s.`,
          type: 'requests',
          code: 'rate_limit_exceeded',
        },
        { 'Retry-After': String(seconds) },
      )
    }
    if (mode === '500') {
      return sendError(res, 500, {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
      })
    }
    if (mode === 'slow') {
      return later(res, current.delayMs ?? 2000, () => respond(res, body, current, 'ok'))
    }
    respond(res, body, current, mode)
  }

  /** The reply itself, whole or broken off as `mode` says. */
  function respond(
    res: ServerResponse,
    body: ChatRequest,
    current: OpenAiFakeOptions,
    mode: 'ok' | 'stall' | 'cut' | 'invalid-json',
  ) {
    const id = `chatcmpl-fake${++completions}`
    const created = Math.floor(Date.now() / 1000)
    const model = typeof body.model === 'string' ? body.model : 'gpt-fake'
    const all = words((current.reply ?? (() => defaultReply))(body))
    const limit = tokenLimit(body)
    const truncated = limit !== undefined && limit < all.length
    const pieces = truncated ? all.slice(0, limit) : all
    const finishReason = truncated ? 'length' : 'stop'
    const prompt = promptTokens(body.messages)
    const usage: Usage = {
      prompt_tokens: prompt,
      completion_tokens: pieces.length,
      total_tokens: prompt + pieces.length,
    }

    if (body.stream !== true) {
      const completion = {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: pieces.join('') },
            finish_reason: finishReason,
          },
        ],
        usage,
      }
      if (mode === 'ok') return send(res, 200, completion)
      if (mode === 'invalid-json') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end('{not json')
      }
      const text = JSON.stringify(completion)
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
      })
      // stall: the headers only; cut: half the body, then the socket is destroyed.
      if (mode === 'stall') return res.flushHeaders()
      return res.write(text.slice(0, text.length >> 1), () => res.destroy())
    }

    const withUsage = body.stream_options?.include_usage === true
    const chunk = (choices: unknown[], extra: object = {}) =>
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices,
        ...(withUsage ? { usage: null } : {}),
        ...extra,
      })
    const role = chunk([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
    ])
    const contents = pieces.map((content) =>
      chunk([{ index: 0, delta: { content }, finish_reason: null }]),
    )
    const ending = [chunk([{ index: 0, delta: {}, finish_reason: finishReason }])]
    if (withUsage) ending.push(chunk([], { usage }))
    ending.push('[DONE]')

    let events: string[]
    if (mode === 'stall') events = [role]
    else if (mode === 'cut') events = [role, ...contents.slice(0, Math.ceil(contents.length / 2))]
    else if (mode === 'invalid-json') {
      events = [role, ...contents.slice(0, 2), '{not json', ...contents.slice(2), ...ending]
    } else events = [role, ...contents, ...ending]

    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    })
    const delay = current.chunkDelayMs ?? 5
    const step = (index: number) => {
      const event = `data: ${events[index]}\n\n`
      if (index + 1 < events.length) {
        res.write(event)
        return later(res, delay, () => step(index + 1))
      }
      // The last event: ok and invalid-json end the response, cut destroys the socket once the
      // event is flushed, stall leaves the response open.
      if (mode === 'cut') res.write(event, () => res.destroy())
      else if (mode === 'stall') res.write(event)
      else res.end(event)
    }
    step(0)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return fake
}

/** A server's AI settings pointing at `fake`, with `over` changed. */
export const aiConfig = (fake: OpenAiFake, over: Record<string, unknown> = {}) => ({
  ai: {
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test-key',
    model: 'fake-model-1',
    requestsPerHour: 50,
    tokensPerDay: 100_000,
    maxTokens: 500,
    timeoutMs: 2_000,
    ...over,
  },
})
