import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { isApiError, type ApiError } from './api-error'
import { STORAGE_KEYS } from './session'
import { toast } from './toast'
import { signalWaitingWrites } from './write-queue-signal'
import { writeSender } from './write-sender'

/** A change made without a connection, kept in this browser until the server takes it. */
export interface QueuedWrite {
  /** Also the Idempotency-Key it is sent with, the same every time, when its call takes one. */
  id: string
  keyed: boolean
  /** The order changes were made in, and are sent in. */
  seq: number
  /** The e-mail of the member who made it: only their session sends it. */
  member: string
  /** The contract entry that takes it, as `group.op` (`notes.create`). */
  call: string
  input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }
  /** What the member is shown in the list of waiting changes. */
  label: string
  madeAt: string
  /**
   * Changes with the same key become one while they wait (the later body's fields over the
   * earlier's): a lesson's progress, a row added and then typed into.
   */
  merge?: string
  state: 'waiting' | 'sending' | 'failed'
  /** The server's message when it refused the change. */
  error?: string
}

/** What a change that has to wait asks to be kept. */
export type NewWrite = Pick<QueuedWrite, 'id' | 'keyed' | 'call' | 'input' | 'label' | 'merge'>

export const SAVED_OFFLINE = 'Saved on this device. It will be sent when you are back online.'

let writes: readonly QueuedWrite[] = []
const listeners = new Set<() => void>()
let queryClient: QueryClient | null = null
let loading: Promise<void> | null = null
let sending: Promise<void> | null = null
let lastSeq = 0

const store = () => import('./write-queue-store')

/** Fetches the storage's code too, ahead of the first change that has to wait. */
export const preloadQueue = () => void store().catch(() => undefined)
const currentMember = () => localStorage.getItem(STORAGE_KEYS.email) ?? ''

function publish(next: readonly QueuedWrite[]) {
  const queued = next.length > writes.length
  writes = next
  listeners.forEach((listener) => listener())
  signalWaitingWrites(next.length, queued)
}

function replace(write: QueuedWrite) {
  publish(writes.map((w) => (w.id === write.id ? write : w)))
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const NONE: readonly QueuedWrite[] = []

/** The signed-in member's waiting and failed changes, oldest first. */
export function useQueuedWrites() {
  return useSyncExternalStore(
    subscribe,
    () => writes,
    () => NONE,
  )
}

/** Whether a change with this merge key is waiting, so a newer one must queue behind it. */
export const isWaiting = (merge: string | undefined) =>
  merge !== undefined && writes.some((w) => w.merge === merge && w.state === 'waiting')

/** Reads the changes kept in this browser; another member's are deleted, never sent. */
function load() {
  loading ??= (async () => {
    const { readWrites, deleteWrite } = await store()
    const member = currentMember()
    const kept: QueuedWrite[] = []
    for (const write of await readWrites()) {
      if (write.member === member)
        kept.push(write.state === 'sending' ? { ...write, state: 'waiting' } : write)
      else await deleteWrite(write.id)
    }
    lastSeq = Math.max(lastSeq, ...kept.map((w) => w.seq))
    publish(kept)
  })()
  return loading
}

/** Keeps a change to send when the connection returns (at once, should it be back already). */
export async function queueWrite(change: NewWrite): Promise<QueuedWrite> {
  await load()
  const { putWrite } = await store()
  const same = change.merge
    ? writes.find((w) => w.merge === change.merge && w.state === 'waiting')
    : undefined
  const body = (input: QueuedWrite['input']) =>
    input.body && typeof input.body === 'object' ? input.body : {}
  const write: QueuedWrite = same
    ? {
        ...same,
        input: { ...same.input, body: { ...body(same.input), ...body(change.input) } },
        label: same.call === change.call ? change.label : same.label,
      }
    : {
        ...change,
        seq: (lastSeq = Math.max(lastSeq + 1, Date.now())),
        member: currentMember(),
        madeAt: new Date().toISOString(),
        state: 'waiting',
      }
  await putWrite(write)
  if (same) replace(write)
  else publish([...writes, write])
  if (navigator.onLine) void sendWrites()
  return write
}

/** A failure that says nothing about the change itself: it waits and is sent again later. */
const isPassing = (error: ApiError) =>
  error.status === 0 || error.status === 401 || error.busyFor !== null

/**
 * Sends the waiting changes in the order they were made, one at a time, each with its own
 * Idempotency-Key, so a change that reached the server before the connection dropped is not
 * made twice. Stops at the first that cannot reach the server; one the server refuses is kept
 * with its message for the member to retry or discard.
 */
export function sendWrites(): Promise<void> {
  sending ??= (async () => {
    await load()
    const { deleteWrite, putWrite } = await store()
    const sendQueued = await writeSender()
    if (!sendQueued) return
    let sent = 0
    const refused: QueuedWrite[] = []
    for (const queued of writes.filter((w) => w.state === 'waiting')) {
      if (!navigator.onLine || queued.member !== currentMember()) break
      replace({ ...queued, state: 'sending' })
      try {
        const group = await sendQueued(queued)
        await deleteWrite(queued.id)
        publish(writes.filter((w) => w.id !== queued.id))
        void queryClient?.invalidateQueries({ queryKey: [group] })
        sent += 1
      } catch (error) {
        const apiError = isApiError(error) ? error : null
        if (apiError && isPassing(apiError)) {
          replace(queued)
          break
        }
        const failed: QueuedWrite = {
          ...queued,
          state: 'failed',
          error: apiError?.message ?? 'The change could not be sent',
        }
        await putWrite(failed)
        replace(failed)
        refused.push(failed)
      }
    }
    if (sent) {
      toast.success(
        sent === 1 ? 'A change made offline was saved' : `${sent} changes made offline were saved`,
      )
    }
    if (refused.length) {
      toast.error(
        refused.length === 1
          ? `A change made offline was not saved: ${refused[0]!.error}`
          : `${refused.length} changes made offline were not saved`,
      )
    }
  })().finally(() => {
    sending = null
  })
  return sending
}

/** Sends a refused change once more. */
export async function retryWrite(id: string) {
  const write = writes.find((w) => w.id === id)
  if (!write) return
  const waiting: QueuedWrite = { ...write, state: 'waiting', error: undefined }
  await (await store()).putWrite(waiting)
  replace(waiting)
  await sendWrites()
}

/** Forgets a change without sending it. */
export async function discardWrite(id: string) {
  await (await store()).deleteWrite(id)
  publish(writes.filter((w) => w.id !== id))
}

/** Deletes every kept change of every member: signing out, or a session the server ended. */
export async function dropQueuedWrites() {
  publish(NONE)
  if (typeof indexedDB === 'undefined') return
  loading = Promise.resolve()
  await (await store()).clearWrites()
}

/** Back to a page that has read nothing yet: for a new app in the same page, as tests render. */
export function forgetLoadedWrites() {
  loading = null
  publish(NONE)
}

/**
 * After the app has started and the main thread is idle: reads what waits from an earlier
 * visit, sends it when the connection is there, and again whenever it returns.
 */
let started = false
export function startWriteQueue(client: QueryClient) {
  queryClient = client
  if (started || typeof indexedDB === 'undefined') return
  started = true
  window.addEventListener('online', () => void sendWrites())
  const begin = () =>
    void load()
      .then(() => {
        if (navigator.onLine && writes.some((w) => w.state === 'waiting')) void sendWrites()
      })
      .catch(() => undefined)
  if ('requestIdleCallback' in window) requestIdleCallback(begin, { timeout: 10_000 })
  else setTimeout(begin, 0)
}
