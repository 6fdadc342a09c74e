import { useCallback, useState } from 'react'

import type { Niche } from '@schemas/niches'

/** The library row a post starts from: who it speaks to and what it offers. */
interface PhoneAngle {
  subNiche: string
  audience: string
  pain: string
  offerCategory: string
}

/** A phone post being written, kept in this tab until it is saved. */
export type PhoneDraft = {
  /** Null for a post started blank. */
  angle: PhoneAngle | null
  hook: string
  postIdea: string
  postFormat: string
  cta: string
  hashtags: string
}

export const blankDraft = (angle: PhoneAngle | null = null): PhoneDraft => ({
  angle,
  hook: '',
  postIdea: '',
  postFormat: '',
  cta: '',
  hashtags: '',
})

/** One draft per niche, so a health post and a craft post can be written side by side. */
const keyOf = (niche: Niche) => `phone-draft:${niche}`

const isText = (value: unknown): value is string => typeof value === 'string'

function angleOf(value: unknown): PhoneAngle | null {
  if (!value || typeof value !== 'object') return null
  const { subNiche, audience, pain, offerCategory } = value as Record<string, unknown>
  if (![subNiche, audience, pain, offerCategory].every(isText)) return null
  return { subNiche, audience, pain, offerCategory } as PhoneAngle
}

/** The niche's draft in this tab, or null when there is none (or it cannot be read). */
function readDraft(niche: Niche): PhoneDraft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(niche))
    if (!raw) return null
    const value = JSON.parse(raw) as Record<string, unknown>
    const fields = ['hook', 'postIdea', 'postFormat', 'cta', 'hashtags'] as const
    if (!value || typeof value !== 'object' || !fields.every((f) => isText(value[f]))) return null
    const draft = blankDraft(angleOf(value.angle))
    for (const field of fields) draft[field] = value[field] as string
    return draft
  } catch {
    return null
  }
}

function writeDraft(niche: Niche, draft: PhoneDraft) {
  try {
    sessionStorage.setItem(keyOf(niche), JSON.stringify(draft))
  } catch {
    // Storage full or switched off: the draft still lives on this screen.
  }
}

function clearDraft(niche: Niche) {
  try {
    sessionStorage.removeItem(keyOf(niche))
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The niche's draft as state: every change is written through, so a reload keeps it. */
export function usePhoneDraft(niche: Niche) {
  const [draft, setDraft] = useState(() => readDraft(niche))
  const save = useCallback(
    (next: PhoneDraft | null) => {
      if (next) writeDraft(niche, next)
      else clearDraft(niche)
      setDraft(next)
    },
    [niche],
  )
  return [draft, save] as const
}

/** The hashtags typed, one entry each, in order. */
export const hashtagList = (value: string) => value.split(/\s+/).filter(Boolean)

/**
 * Hashtags as the contract wants them: commas and runs of spaces become one space, and a word
 * typed without its # gets one.
 */
export const tidyHashtags = (value: string) =>
  value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((tag) => (tag.startsWith('#') ? tag : `#${tag}`))
    .join(' ')
