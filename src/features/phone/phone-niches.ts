import type { Niche } from '@schemas/niches'
import type { AppPath } from '@/lib/named-pages'

type To = AppPath

export interface PhoneNiche {
  niche: Niche
  /** How the niche is named on the phone screens ("Quick post: health"). */
  label: string
  /** The three steps' paths: pick an angle, write the post, review and save. */
  steps: readonly [To, To, To]
  /** The call that saves a post of this niche (POST /healthmob and its siblings). */
  create: 'createHealth' | 'createWealth' | 'createRelationship' | 'createWoodworking'
}

/** A niche's flow, whose three pages are `page`, `page2` and `page3`. */
const flow = (
  niche: Niche,
  label: string,
  page: 'mobquickhealth' | 'mobquickwealth' | 'mobrelationship' | 'mobcraft',
  create: PhoneNiche['create'],
): PhoneNiche => ({
  niche,
  label,
  steps: [`/admin/${page}`, `/admin/${page}2`, `/admin/${page}3`],
  create,
})

/** The phone flow of each niche. */
export const PHONE_NICHES: Record<Niche, PhoneNiche> = {
  health: flow('health', 'health', 'mobquickhealth', 'createHealth'),
  wealth: flow('wealth', 'wealth', 'mobquickwealth', 'createWealth'),
  relationship: flow('relationship', 'relationships', 'mobrelationship', 'createRelationship'),
  woodworking: flow('woodworking', 'craft', 'mobcraft', 'createWoodworking'),
}

export const PHONE_NICHE_LIST: PhoneNiche[] = Object.values(PHONE_NICHES)

export const STEP_NAMES = ['Pick an angle', 'Write the post', 'Review and save'] as const
export type StepNumber = 1 | 2 | 3

/** "Health" from "health": labels start a heading or a button. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
