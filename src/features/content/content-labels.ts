import {
  CHECKLIST_ITEMS,
  CONTENT_PLATFORMS,
  CONTENT_STATUSES,
  type ContentBody,
  type ContentItem,
} from '@schemas/content'

export type Platform = ContentItem['platform']
export type Status = ContentItem['status']

const PLATFORM_LABELS: Record<Platform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  pinterest: 'Pinterest',
  blog: 'Blog',
  email: 'E-mail',
  other: 'Other',
}

const STATUS_LABELS: Record<Status, { label: string; palette: string }> = {
  idea: { label: 'Idea', palette: 'gray' },
  draft: { label: 'Draft', palette: 'orange' },
  scheduled: { label: 'Scheduled', palette: 'blue' },
  published: { label: 'Published', palette: 'green' },
}

export const platformLabel = (platform: Platform) => PLATFORM_LABELS[platform]
export const statusLabel = (status: Status) => STATUS_LABELS[status].label
export const statusPalette = (status: Status) => STATUS_LABELS[status].palette

export const platformOptions = CONTENT_PLATFORMS.map((value) => ({
  value,
  label: PLATFORM_LABELS[value],
}))
export const statusOptions = CONTENT_STATUSES.map((value) => ({
  value,
  label: STATUS_LABELS[value].label,
}))

/** Ticked items of a piece's publishing checklist, out of the contract's list. */
export function checklistProgress(item: Pick<ContentItem, 'checklist'>) {
  const done = CHECKLIST_ITEMS.filter((entry) => item.checklist[entry.key] === true).length
  return {
    done,
    total: CHECKLIST_ITEMS.length,
    percent: Math.round((done / CHECKLIST_ITEMS.length) * 100),
  }
}

/** `2026-05-01` as a readable day; the date has no time zone, so it is formatted as UTC. */
export function formatPlannedDate(date: string | null) {
  if (!date) return null
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/** The body a PUT needs to change one thing of a saved piece and keep the rest. */
export function bodyOf(item: ContentItem): ContentBody {
  return {
    title: item.title,
    platform: item.platform,
    niche: item.niche,
    status: item.status,
    plannedDate: item.plannedDate,
    body: item.body,
    checklist: item.checklist,
  }
}
