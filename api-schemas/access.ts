import { z } from 'zod/mini'

/**
 * The page areas an administrator grants. Notes, events, the calendar, contacts, earnings, the
 * profile and support are every member's and are not listed. New members get the free areas.
 */
export const AREAS = [
  { key: 'training', label: 'Digital-marketing training', free: true },
  { key: 'bonus', label: 'Bonus courses', free: true },
  { key: 'content', label: 'Content planner', free: true },
  { key: 'viralLeads', label: 'Viral leads', free: true },
  { key: 'niches', label: 'Niche sheets', free: false },
  { key: 'quickCash', label: 'Quick cash', free: false },
  { key: 'instagram', label: 'Instagram tools', free: false },
  { key: 'aiTools', label: 'AI tools', free: false },
  { key: 'chatbot', label: 'Chatbot', free: false },
  { key: 'digistoreTraining', label: 'Digistore24 training', free: false },
  { key: 'upsell1', label: 'Upgrade 1: traffic accelerator', free: false },
  { key: 'upsell2', label: 'Upgrade 2: done-for-you campaigns', free: false },
  { key: 'upsell3', label: 'Upgrade 3: coaching', free: false },
  { key: 'dfyVideo', label: 'Done-for-you videos', free: false },
] as const

export type AreaKey = (typeof AREAS)[number]['key']

export const AREA_KEYS = AREAS.map((a) => a.key) as [AreaKey, ...AreaKey[]]

export const areaKeySchema = z.enum(AREA_KEYS)

export const FREE_AREAS: AreaKey[] = AREAS.filter((a) => a.free).map((a) => a.key)

export const areaLabel = (key: AreaKey) => AREAS.find((a) => a.key === key)?.label ?? key

/** The 403 message of a call in an area the member has not been granted. */
export const lockedMessage = (key: AreaKey) =>
  `Your membership does not include ${areaLabel(key)}. Upgrade to open it.`
