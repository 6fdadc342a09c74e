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

/** The phone flow of each niche. */
export const PHONE_NICHES = {
  health: {
    niche: 'health',
    label: 'health',
    steps: ['/admin/mobquickhealth', '/admin/mobquickhealth2', '/admin/mobquickhealth3'],
    create: 'createHealth',
  },
  wealth: {
    niche: 'wealth',
    label: 'wealth',
    steps: ['/admin/mobquickwealth', '/admin/mobquickwealth2', '/admin/mobquickwealth3'],
    create: 'createWealth',
  },
  relationship: {
    niche: 'relationship',
    label: 'relationships',
    steps: ['/admin/mobrelationship', '/admin/mobrelationship2', '/admin/mobrelationship3'],
    create: 'createRelationship',
  },
  woodworking: {
    niche: 'woodworking',
    label: 'craft',
    steps: ['/admin/mobcraft', '/admin/mobcraft2', '/admin/mobcraft3'],
    create: 'createWoodworking',
  },
} as const satisfies Record<Niche, PhoneNiche>

export const PHONE_NICHE_LIST: PhoneNiche[] = Object.values(PHONE_NICHES)

export const STEP_NAMES = ['Pick an angle', 'Write the post', 'Review and save'] as const
export type StepNumber = 1 | 2 | 3

/** "Health" from "health": labels start a heading or a button. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
