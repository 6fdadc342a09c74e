import { useSyncExternalStore } from 'react'

/**
 * Records kept in this browser's localStorage under keys that start with `prefix`. Each is read
 * through `parse` (text that is not JSON reaches it as null), cached by its stored text so a
 * render reads the same object until the record changes, and followed across tabs: a change
 * here or in another tab re-renders every component that uses the record.
 */
export function localRecords<T>(prefix: string, parse: (value: unknown) => T) {
  const listeners = new Set<() => void>()
  const cache = new Map<string, { raw: string | null; value: T }>()

  const read = (key: string): T => {
    const raw = localStorage.getItem(key)
    const cached = cache.get(key)
    if (cached && cached.raw === raw) return cached.value
    let json: unknown
    try {
      json = raw === null ? null : JSON.parse(raw)
    } catch {
      json = null
    }
    const value = parse(json)
    cache.set(key, { raw, value })
    return value
  }

  /** Throws when the browser refuses to store it (storage full or switched off). */
  const write = (key: string, value: T) => {
    localStorage.setItem(key, JSON.stringify(value))
    for (const listener of listeners) listener()
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith(prefix)) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  }

  /** The record under `key`; `initial` is what a render without a browser shows. */
  const useRecord = (key: string, initial: T) =>
    useSyncExternalStore(
      subscribe,
      () => read(key),
      () => initial,
    )

  return { read, write, useRecord }
}
