import { createParser } from 'eventsource-parser'

import type { BodyIn, ResponseOf, StreamEndpoint } from '@schemas/contract'

import { ApiError } from './api-error'
import { http, toApiError } from './http'
import { STORAGE_KEYS } from './session'

/**
 * Calls a streaming endpoint and hands each server-sent event to `onEvent` as it arrives,
 * checked against the contract. Resolves when the stream ends; rejects with an ApiError when
 * the call is refused (its status and message) or the connection breaks, and with an
 * AbortError when `signal` stops it.
 */
export async function streamEvents<E extends StreamEndpoint>(
  endpoint: E,
  body: BodyIn<E>,
  signal: AbortSignal,
  onEvent: (event: ResponseOf<E>, id: string | undefined) => void,
  headers?: Record<string, string>,
): Promise<void> {
  const signedIn = Boolean(localStorage.getItem(STORAGE_KEYS.token))
  let response: Response
  try {
    response = await http(endpoint.path.replace(/^\//, ''), {
      method: endpoint.method,
      json: body,
      signal,
      ...(headers ? { headers } : {}),
    })
  } catch (error) {
    throw await toApiError(error, signedIn)
  }
  let broken: ApiError | null = null
  const parser = createParser({
    onEvent: ({ data, id }) => {
      if (broken) return
      let value: unknown
      try {
        value = JSON.parse(data)
      } catch {
        value = undefined
      }
      const parsed = endpoint.response.safeParse(value)
      if (!parsed.success) {
        broken = new ApiError('The server sent an answer that could not be read', 200, signedIn)
        return
      }
      onEvent(parsed.data as ResponseOf<E>, id)
    },
  })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  // Stopping ends a read that is waiting for the next event, whatever the fetch does.
  const cancel = () => void reader.cancel().catch(() => undefined)
  signal.addEventListener('abort', cancel, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.feed(value)
      if (broken) throw broken
    }
  } catch (error) {
    if (signal.aborted || error instanceof ApiError) throw error
    throw new ApiError('The connection was lost before the answer finished', 0, signedIn)
  } finally {
    signal.removeEventListener('abort', cancel)
    reader.releaseLock()
  }
  if (signal.aborted) throw new DOMException('The answer was stopped', 'AbortError')
}
