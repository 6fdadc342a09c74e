import type { Niche } from '@schemas/niches'
import { BIO_MAX, instagramLength } from '@schemas/tool-content'

export { BIO_MAX, instagramLength }

export const NICHE_NAMES: Record<Niche, string> = {
  health: 'Health',
  wealth: 'Wealth',
  relationship: 'Relationship',
  woodworking: 'Woodworking',
}

export const isNiche = (value: string): value is Niche => value in NICHE_NAMES

/** The niches as a select offers them. */
export const NICHE_OPTIONS = Object.entries(NICHE_NAMES).map(([value, label]) => ({ value, label }))

/** The blanks a template leaves, and the field each is filled from. */
export const PLACEHOLDERS = [
  { key: 'topic', token: '{topic}', label: 'Topic', help: 'What your account is about' },
  { key: 'audience', token: '{audience}', label: 'Audience', help: 'Who you help' },
  {
    key: 'freebie',
    token: '{freebie}',
    label: 'Freebie',
    help: 'What your link gives away for free',
  },
] as const
export type Placeholder = (typeof PLACEHOLDERS)[number]
export type PlaceholderKey = Placeholder['key']
export type PlaceholderValues = Record<PlaceholderKey, string>

export const NO_VALUES: PlaceholderValues = { topic: '', audience: '', freebie: '' }

/** The placeholders a text still holds, in the order the fields are shown. */
export const placeholdersIn = (text: string) => PLACEHOLDERS.filter((p) => text.includes(p.token))

/** The text with each filled placeholder replaced; a blank one stays as it is. */
export const fillPlaceholders = (text: string, values: PlaceholderValues) =>
  text.replace(
    /\{(topic|audience|freebie)\}/g,
    (token, key: PlaceholderKey) => values[key].trim() || token,
  )

/** A link as Instagram shows it under a bio: without http(s):// and a trailing slash. */
export const shownLink = (link: string) =>
  link
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '')

/** Up to two initials of a profile name: "Mia | Home workouts" gives "MH". */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase()

/** How a saved bio is named in lists: its profile name, or the start of its first line. */
export function bioTitle(bio: { name: string; bio: string }) {
  if (bio.name.trim()) return bio.name.trim()
  const line = bio.bio.split('\n')[0]!.trim()
  return line.length > 40 ? `${line.slice(0, 39)}…` : line
}

/** Why a bio is over the limit, and by how much. */
export const overLimitReason = (length: number) =>
  `Instagram allows ${BIO_MAX} characters: take out ${length - BIO_MAX}. Emoji count as 2, line breaks as 1.`
