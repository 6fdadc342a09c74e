import { useCallback } from 'react'

import { storedEmail } from '@/lib/session'
import { localRecords } from '@/stores/local-records'

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
const planProgressKey = (slug: string, owner = storedEmail() ?? '') =>
  `${PREFIX}${owner.toLowerCase()}:${slug}`

/** Anything unreadable counts as nothing done rather than breaking the screen. */
const store = localRecords(PREFIX, (value): PlanProgress => {
  if (typeof value !== 'object' || value === null) return EMPTY
  const { checklist, days } = value as Record<string, unknown>
  return {
    checklist: Array.isArray(checklist) ? checklist.filter((item) => typeof item === 'string') : [],
    days: Array.isArray(days) ? days.filter((day) => Number.isInteger(day)) : [],
  }
})

function writePlanProgress(key: string, progress: PlanProgress) {
  try {
    store.write(key, progress)
  } catch {
    // Storage full or switched off: the tick is lost on reload, the screen goes on.
  }
}

const toggled = <T>(list: T[], value: T, on: boolean) =>
  on ? (list.includes(value) ? list : [...list, value]) : list.filter((item) => item !== value)

/** A plan's progress in this browser, and ticking a checklist item or a day on or off. */
export function usePlanProgress(slug: string) {
  const key = planProgressKey(slug)
  const progress = store.useRecord(key, EMPTY)
  const setItem = useCallback(
    (item: string, on: boolean) => {
      const now = store.read(key)
      writePlanProgress(key, { ...now, checklist: toggled(now.checklist, item, on) })
    },
    [key],
  )
  const setDay = useCallback(
    (day: number, on: boolean) => {
      const now = store.read(key)
      writePlanProgress(key, { ...now, days: toggled(now.days, day, on) })
    },
    [key],
  )
  return { progress, setItem, setDay }
}
