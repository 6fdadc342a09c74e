import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { Source, StreamEvent, Writer } from '@schemas/ai'
import type { BodyIn, StreamEndpoint } from '@schemas/contract'
import { aiApi } from '@/api/ai'
import { isApiError } from '@/lib/api-error'
import { streamEvents } from '@/lib/stream'

export type AnswerStatus = 'idle' | 'streaming' | 'done' | 'stopped' | 'failed'

export interface Answer {
  status: AnswerStatus
  /** The id of the stored generation or chat answer, once the server has begun. */
  id: string | null
  writer: Writer | null
  text: string
  sources: Source[]
  /** Why it failed or stopped, for the member. */
  message: string | null
  /** The status of a call the server refused outright (400, 403, 429, 501…). */
  refusedStatus: number | null
  retryAfterSeconds: number | null
}

export const IDLE: Answer = {
  status: 'idle',
  id: null,
  writer: null,
  text: '',
  sources: [],
  message: null,
  refusedStatus: null,
  retryAfterSeconds: null,
}

const CUT = 'The connection was lost before the answer finished. What was written is kept.'

/**
 * One streamed answer at a time: `start` sends, the text grows as it arrives (drawn at most
 * once a frame), `stop` ends it keeping what came; `start` resolves with how it ended. The
 * allowance and history refresh after.
 */
export function useAnswer<E extends StreamEndpoint>(endpoint: E) {
  const [answer, setAnswer] = useState<Answer>(IDLE)
  const running = useRef<AbortController | null>(null)
  const client = useQueryClient()

  useEffect(() => () => running.current?.abort(), [])

  const start = useCallback(
    async (body: BodyIn<E>): Promise<Answer> => {
      running.current?.abort()
      const controller = new AbortController()
      running.current = controller
      let current: Answer = { ...IDLE, status: 'streaming' }
      let frame = 0
      const draw = () => {
        frame = 0
        if (running.current === controller) setAnswer(current)
      }
      const later = () => {
        if (!frame) frame = requestAnimationFrame(draw)
      }
      setAnswer(current)
      const onEvent = (event: StreamEvent) => {
        if (event.type === 'start') current = { ...current, id: event.id, writer: event.writer }
        else if (event.type === 'sources') current = { ...current, sources: event.sources }
        else if (event.type === 'delta') current = { ...current, text: current.text + event.text }
        else {
          current = {
            ...current,
            status: event.status,
            message: event.message,
            retryAfterSeconds: event.retryAfterSeconds,
          }
        }
        later()
      }
      try {
        await streamEvents(endpoint, body, controller.signal, onEvent as never)
        if (current.status === 'streaming') current = { ...current, status: 'failed', message: CUT }
      } catch (error) {
        if (controller.signal.aborted) {
          current = { ...current, status: 'stopped', message: 'Stopped. What was written is kept.' }
        } else if (isApiError(error)) {
          const refused = current.id === null && error.status >= 400
          current = {
            ...current,
            status: 'failed',
            message: refused ? error.message : CUT,
            refusedStatus: refused ? error.status : null,
          }
        } else {
          current = { ...current, status: 'failed', message: CUT }
        }
      }
      cancelAnimationFrame(frame)
      setAnswer(current)
      if (running.current === controller) running.current = null
      void client.invalidateQueries({ queryKey: aiApi.key })
      return current
    },
    [endpoint, client],
  )

  const stop = useCallback(() => {
    const controller = running.current
    if (!controller) return
    controller.abort()
  }, [])

  /** Shows a stored answer (from the history) as if it had just been written. */
  const show = useCallback((shown: Partial<Answer>) => {
    running.current?.abort()
    running.current = null
    setAnswer({ ...IDLE, status: 'done', ...shown })
  }, [])

  return { answer, start, stop, show }
}
