import { ITEM_STATUSES, MAX_LINK, type ItemColumn } from '@schemas/niche-items'
import { PLAN_LIMITS, POST_FORMATS } from '@schemas/niches'

export interface SheetColumn {
  key: ItemColumn
  label: string
  /** Starting width in pixels; members drag it wider or narrower. */
  width: number
  /** "long" texts edit in a box of several lines; "choice" from a list. */
  kind: 'text' | 'long' | 'choice'
  options?: readonly string[]
  max: number
}

/** A column whose value is picked from `options`. */
const choice = (
  key: ItemColumn,
  label: string,
  width: number,
  options: readonly string[],
): SheetColumn => ({ key, label, width, kind: 'choice', options, max: 20 })

/** The columns of a content-plan sheet, left to right. */
export const SHEET_COLUMNS: SheetColumn[] = [
  { key: 'subNiche', label: 'Sub-niche', width: 180, kind: 'text', max: PLAN_LIMITS.subNiche },
  { key: 'audience', label: 'Audience', width: 200, kind: 'text', max: PLAN_LIMITS.audience },
  { key: 'pain', label: 'Pain', width: 220, kind: 'long', max: PLAN_LIMITS.pain },
  {
    key: 'offerCategory',
    label: 'Offer category',
    width: 200,
    kind: 'text',
    max: PLAN_LIMITS.offerCategory,
  },
  { key: 'hook', label: 'Hook', width: 260, kind: 'long', max: PLAN_LIMITS.hook },
  choice('postFormat', 'Format', 130, ['', ...POST_FORMATS]),
  { key: 'postIdea', label: 'Post idea', width: 320, kind: 'long', max: PLAN_LIMITS.postIdea },
  { key: 'cta', label: 'Call to action', width: 220, kind: 'text', max: PLAN_LIMITS.cta },
  { key: 'hashtags', label: 'Hashtags', width: 220, kind: 'text', max: PLAN_LIMITS.hashtags },
  choice('status', 'Status', 120, ITEM_STATUSES),
  { key: 'link', label: 'Link', width: 200, kind: 'text', max: MAX_LINK },
  { key: 'note', label: 'Note', width: 220, kind: 'long', max: PLAN_LIMITS.note },
]

/** The library's starter rows have no status or link: those are the member's own. */
export const LIBRARY_COLUMNS = SHEET_COLUMNS.filter((c) => c.key !== 'status' && c.key !== 'link')

export const MIN_WIDTH = 80
export const MAX_WIDTH = 640
