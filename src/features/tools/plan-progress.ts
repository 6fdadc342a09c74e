import { useCallback, useSyncExternalStore } from 'react'

import { storedEmail } from '../../lib/session'

/**
 * A member's progress on one quick-start plan, kept in this browser only: the checklist items
 * ticked (by their text) and the days done. The desk sheet and the phone screen share it.
 */
export interface PlanProgress {
  checklist: string[]
  days: number[]
}

const PREFIX = 'quickStartPlan:'
const EMPTY: PlanProgress = { checklist: [], days: [] }

/** One record per signed-in e-mail and plan, so two members on one browser keep their own. */
export const planProgressKey = (slug: string, owner = storedEmail() ?? '') =>
  `${PREFIX}${owner.toLowerCase()}:${slug}`

const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; progress: PlanProgress }>()

/** The stored progress; anything unreadable counts as nothing done rather than breaking the screen. */
export function readPlanProgress(key: string, storage: Storage = localStorage): PlanProgress {
  const raw = storage.getItem(key)
  const cached = cache.get(key)
  if (cached && cached.raw === raw) return cached.progress
  let progress = EMPTY
  try {
    const value: unknown = raw ? JSON.parse(raw) : null
    if (typeof value === 'object' && value !== null) {
      const { checklist, days } = value as Record<string, unknown>
      progress = {
        checklist: Array.isArray(checklist)
          ? checklist.filter((item) => typeof item === 'string')
          : [],
        days: Array.isArray(days) ? days.filter((day) => Number.isInteger(day)) : [],
      }
    }
  } catch {
    progress = EMPTY
  }
  cache.set(key, { raw, progress })
  return progress
}

function writePlanProgress(key: string, progress: PlanProgress) {
  try {
    localStorage.setItem(key, JSON.stringify(progress))
  } catch {
    // Storage full or switched off: the tick is lost on reload, the screen goes on.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // A tick in another tab arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

const toggled = <T>(list: T[], value: T, on: boolean) =>
  on ? (list.includes(value) ? list : [...list, value]) : list.filter((item) => item !== value)

/** A plan's progress in this browser, and ticking a checklist item or a day on or off. */
export function usePlanProgress(slug: string) {
  const key = planProgressKey(slug)
  const progress = useSyncExternalStore(
    subscribe,
    () => readPlanProgress(key),
    () => EMPTY,
  )
  const setItem = useCallback(
    (item: string, on: boolean) => {
      const now = readPlanProgress(key)
      writePlanProgress(key, { ...now, checklist: toggled(now.checklist, item, on) })
    },
    [key],
  )
  const setDay = useCallback(
    (day: number, on: boolean) => {
      const now = readPlanProgress(key)
      writePlanProgress(key, { ...now, days: toggled(now.days, day, on) })
    },
    [key],
  )
  return { progress, setItem, setDay }
}
