import { createParser } from 'eventsource-parser'

import type { AiConfig } from '../../config'

/** A failure of the model, said for the member; what was written before it is kept. */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }
}

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ModelEnd {
  tokens: number
  /** The model stopped at the token cap, not at the end of its answer. */
  truncated: boolean
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
export function retryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

function statusError(status: number, retry: number | null): ModelError {
  if (status === 429) {
    return new ModelError(
      retry === null
        ? 'The AI model is busy right now. Try again in a minute.'
        : `The AI model is busy right now. Try again in ${retry} s.`,
      retry ?? 60,
    )
  }
  if (status === 401 || status === 403) {
    return new ModelError(
      "The AI model refused this site's key. The site's operator needs to check AI_API_KEY.",
    )
  }
  if (status === 404) {
    return new ModelError(
      "The AI model was not found. The site's operator needs to check AI_BASE_URL and AI_MODEL.",
    )
  }
  if (status >= 500) {
    return new ModelError(`The AI model failed (HTTP ${status}). Try again in a moment.`, retry)
  }
  return new ModelError(`The AI model refused the request (HTTP ${status}).`)
}

/** About four characters a token: the count when the model reports none. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4)

/**
 * One streamed chat completion from an OpenAI-compatible endpoint: yields the answer's text as
 * it comes and returns what it used. `signal` is the member stopping (an AbortError is thrown
 * as is); everything else that goes wrong is a ModelError.
 */
export async function* streamChat(
  config: AiConfig,
  messages: ModelMessage[],
  options: { maxTokens: number; signal: AbortSignal },
): AsyncGenerator<string, ModelEnd> {
  const controller = new AbortController()
  const stop = () => controller.abort()
  options.signal.addEventListener('abort', stop, { once: true })
  let timedOut = false
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, config.timeoutMs)
  }
  const failure = (error: unknown, cut: string): unknown => {
    if (options.signal.aborted) return error
    if (timedOut) {
      return new ModelError(
        `The AI model did not answer within ${Math.max(1, Math.round(config.timeoutMs / 1000))} s. Try again, or ask for something shorter.`,
      )
    }
    if (error instanceof ModelError) return error
    return isAbort(error) ? error : new ModelError(cut)
  }

  let written = ''
  let reported: number | null = null
  let finish: string | null = null
  try {
    arm()
    let response: Response
    try {
      response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          max_tokens: options.maxTokens,
        }),
        signal: controller.signal,
      })
    } catch (error) {
      throw failure(error, 'The AI model could not be reached. Try again in a moment.')
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      throw statusError(response.status, retryAfter(response.headers.get('retry-after')))
    }
    if (!response.body) throw new ModelError('The AI model sent an empty answer.')

    const pending: string[] = []
    let done = false
    let broken: ModelError | null = null
    const parser = createParser({
      onEvent: (event) => {
        if (done || broken) return
        if (event.data.trim() === '[DONE]') {
          done = true
          return
        }
        let chunk: {
          choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[]
          usage?: { total_tokens?: number } | null
          error?: { message?: string }
        }
        try {
          chunk = JSON.parse(event.data) as typeof chunk
        } catch {
          broken = new ModelError(
            'The AI model sent a part of its answer that could not be read. What came before is kept.',
          )
          return
        }
        if (chunk.error) {
          broken = new ModelError('The AI model stopped with an error. What came before is kept.')
          return
        }
        const choice = chunk.choices?.[0]
        const text = choice?.delta?.content
        if (typeof text === 'string' && text) pending.push(text)
        if (choice?.finish_reason) finish = choice.finish_reason
        if (typeof chunk.usage?.total_tokens === 'number') reported = chunk.usage.total_tokens
      },
    })
    const decoder = new TextDecoder()
    try {
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
        arm()
        parser.feed(decoder.decode(bytes, { stream: true }))
        while (pending.length) {
          const text = pending.shift()!
          written += text
          yield text
        }
        if (broken) throw broken
        if (done) break
      }
    } catch (error) {
      throw failure(
        error,
        "The AI model's answer was cut off before it finished. What came before is kept.",
      )
    }
    if (!done && !finish) {
      throw new ModelError(
        "The AI model's answer was cut off before it finished. What came before is kept.",
      )
    }
    return {
      tokens:
        reported ??
        estimateTokens(messages.map((m) => m.content).join('\n')) + estimateTokens(written),
      truncated: finish === 'length',
    }
  } finally {
    clearTimeout(timer)
    options.signal.removeEventListener('abort', stop)
    controller.abort()
  }
}
