import type { QueryClient } from '@tanstack/react-query'

import { liveStream, type LiveEvent } from '@schemas/live'

import { isApiError } from './api-error'
import { setUnread } from './live-unread'
import { notificationText } from './notification-text'
import { streamEvents } from './stream'
import { toast } from './toast'

const FIRST_RETRY_MS = 1000
const MOST_RETRY_MS = 30_000

/**
 * The member's live stream (GET /api/notifications/stream) while the tab is visible: the unread
 * count for the bell, a toast for each new notification, and the screens showing a thread or a
 * lesson's questions read them again when something is written there. It reconnects after a
 * break with the last event's id, so nothing is missed, waiting longer after each failure (with
 * jitter); a hidden tab lets it go (a browser opens only a few connections to one site) and
 * picks it up on its return. Stops for good when the session is refused. Returns the stop.
 */
export function startLive(client: QueryClient): () => void {
  let lastId: string | undefined
  let controller: AbortController | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let delay = FIRST_RETRY_MS
  let stopped = false
  let hellos = 0

  const onEvent = (event: LiveEvent, id: string | undefined) => {
    if (id) lastId = id
    delay = FIRST_RETRY_MS
    if (event.type === 'hello') {
      setUnread(event.unread)
      // Points that changed while the stream was closed (a hidden tab, a break) are read again.
      if (hellos++ > 0) void client.invalidateQueries({ queryKey: ['momentum'] })
    } else if (event.type === 'notification') {
      setUnread(event.unread)
      void client.invalidateQueries({ queryKey: ['notifications'] })
      toast.info(notificationText(event.notification))
    } else if (event.type === 'points') {
      // The own points changed (a like received, or learning in another tab): a new level is news.
      const before = client.getQueriesData<{ data: { level: number } }>({
        queryKey: ['momentum', 'momentum'],
      })[0]?.[1]?.data.level
      if (before !== undefined && event.level > before)
        toast.success(`You reached level ${event.level}`)
      void client.invalidateQueries({ queryKey: ['momentum'] })
      void client.invalidateQueries({ queryKey: ['leaderboard'] })
    } else {
      void client.invalidateQueries({
        predicate: (query) => {
          const [group, op, input] = query.queryKey as [string, string, Record<string, never>]
          if (group !== 'community') return false
          if (op === 'thread') return input?.params?.['id'] === event.postId
          if (op === 'lesson') return input?.query?.['path'] === event.lessonPath
          return op === 'feed' && event.lessonPath === null
        },
      })
    }
  }

  const connect = () => {
    if (stopped || document.visibilityState === 'hidden') return
    controller = new AbortController()
    const signal = controller.signal
    streamEvents(
      liveStream,
      undefined,
      signal,
      onEvent,
      lastId ? { 'Last-Event-ID': lastId } : undefined,
    ).then(
      () => retry(signal),
      (error: unknown) => {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) stop()
        else retry(signal)
      },
    )
  }
  const retry = (signal: AbortSignal) => {
    if (stopped || signal.aborted) return
    const wait = Math.random() * delay
    delay = Math.min(delay * 2, MOST_RETRY_MS)
    retryTimer = setTimeout(connect, wait)
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      clearTimeout(retryTimer)
      controller?.abort()
    } else if (!controller || controller.signal.aborted) {
      connect()
    }
  }
  const stop = () => {
    stopped = true
    clearTimeout(retryTimer)
    controller?.abort()
    document.removeEventListener('visibilitychange', onVisibility)
  }
  document.addEventListener('visibilitychange', onVisibility)
  connect()
  return stop
}
