import { z } from 'zod/mini'

/**
 * The page areas an administrator grants. Notes, events, the calendar, contacts, earnings, the
 * profile and support are every member's and are not listed. New members get the free areas.
 * `opens` says what an area gives: screens of the product, or an offer marked as included.
 */
export const AREAS = [
  { key: 'training', label: 'Digital-marketing training', free: true, opens: 'screens' },
  { key: 'bonus', label: 'Bonus courses', free: true, opens: 'screens' },
  { key: 'content', label: 'Content planner', free: true, opens: 'screens' },
  { key: 'viralLeads', label: 'Viral leads', free: true, opens: 'screens' },
  { key: 'niches', label: 'Niche sheets', free: false, opens: 'screens' },
  { key: 'quickCash', label: 'Quick cash', free: false, opens: 'screens' },
  { key: 'instagram', label: 'Instagram tools', free: false, opens: 'screens' },
  { key: 'aiTools', label: 'AI tools', free: false, opens: 'screens' },
  { key: 'chatbot', label: 'Chatbot', free: false, opens: 'screens' },
  { key: 'digistoreTraining', label: 'Digistore24 training', free: false, opens: 'screens' },
  { key: 'upsell1', label: 'Upgrade 1: traffic accelerator', free: false, opens: 'offer' },
  { key: 'upsell2', label: 'Upgrade 2: done-for-you campaigns', free: false, opens: 'offer' },
  { key: 'upsell3', label: 'Upgrade 3: coaching', free: false, opens: 'offer' },
  { key: 'dfyVideo', label: 'Done-for-you videos', free: false, opens: 'offer' },
] as const

export type AreaKey = (typeof AREAS)[number]['key']

export const AREA_KEYS = AREAS.map((a) => a.key) as [AreaKey, ...AreaKey[]]

export const areaKeySchema = z.enum(AREA_KEYS)

export const FREE_AREAS: AreaKey[] = AREAS.filter((a) => a.free).map((a) => a.key)

export const areaLabel = (key: AreaKey) => AREAS.find((a) => a.key === key)?.label ?? key

const areaOf = (key: AreaKey) => AREAS.find((a) => a.key === key)!

/** What kind of area it is, in the same words wherever the product shows it. */
export const areaKind = (key: AreaKey) => (areaOf(key).free ? 'Free area' : 'Paid upgrade')

/** The 403 message of a call in an area the member has not been granted. */
export const lockedMessage = (key: AreaKey) =>
  areaOf(key).free
    ? `${areaLabel(key)} is a free area that is not open on your account yet: ask us to open it.`
    : `${areaLabel(key)} is a paid upgrade that is not part of your membership yet.`

/** The contact-us subject that asks for an area. */
export const areaRequestSubject = (key: AreaKey) => `Upgrade request: ${areaLabel(key)}`

/** Whether a member may open an area: administrators open every one. */
export const hasArea = (member: { role: string; areas: readonly string[] }, area: AreaKey) =>
  member.role === 'admin' || member.areas.includes(area)
