import { useSyncExternalStore } from 'react'

/**
 * How many notifications the member has not read, as the live stream last said (null before
 * it has): the top bar's bell shows it. A store of its own, so the bell loads nothing else.
 */
let unread: number | null = null
const listeners = new Set<() => void>()

export function setUnread(next: number | null) {
  if (next === unread) return
  unread = next
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export const useUnread = () =>
  useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  )
