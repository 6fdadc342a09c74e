/**
 * Short formats for the free-form writer: bios, ads and threads.
 */
import type { AiNiche } from '@schemas/ai'

import {
  bulletList,
  callToActionLine,
  HEALTH_NOTE,
  healthLines,
  isPeople,
  type WritingBrief,
} from './brief'
import { hookLine } from './frameworks'
import type { CopyRequest } from './request'
import { asSentence, capitalize, fillWithin, pick, truncateAtWord } from './text'

const NICHE_MARKS: Record<AiNiche, string> = {
  health: '🥗',
  wealth: '💸',
  relationship: '💬',
  woodworking: '🪚',
  other: '✨',
}

const BIO_LINES = [
  'Simple steps, no fluff',
  'Practical tips you can use today',
  'Small steps, real progress',
  'Honest tips for real life',
  'Plain words, clear steps',
]
const BIO_ACTIONS = [
  'Start here',
  'New here? Start with the link',
  'See what helps',
  'Your first step',
]

/** A profile bio: the niche's mark and the theme, what the account gives, the call to action. */
export function bio(brief: WritingBrief, _request: CopyRequest, variant: number): string {
  const theme = brief.core.replace(/^(?:my|our|your|a|an|the)\s+/i, '')
  // an account that is a person ("keto coach who helps busy moms") is named as it is
  const first = isPeople(theme)
    ? capitalize(theme)
    : pick(
        [
          `${capitalize(theme)}${brief.forAud}, made simple`,
          `${capitalize(theme)}${brief.forAud}, one small step at a time`,
          `All about ${theme}${brief.forAud}`,
        ],
        variant,
      )
  // the lines change at different rates, so that every variant reads differently
  return [
    `Bio: ${NICHE_MARKS[brief.niche]} ${truncateAtWord(first, 80)}`,
    pick(BIO_LINES, variant),
    `${brief.cta ? truncateAtWord(asSentence(brief.cta), 60) : pick(BIO_ACTIONS, Math.floor(variant / BIO_LINES.length))} 👇`,
    '',
    'Note: keep it within your platform\'s bio limit. If the link page has affiliate links, say so there, for example: "I may earn a commission from some links."',
    ...healthLines(brief),
  ].join('\n')
}

const AD_HEADLINES: readonly ((s: string) => string)[] = [
  (s) => `${capitalize(s)}: see what is inside`,
  (s) => `New to ${s}? Start here`,
  (s) => `${capitalize(s)}, made simple`,
]

/** An ad: primary text, headline, description and button. */
export function ad(brief: WritingBrief, _request: CopyRequest, variant: number): string {
  const button = /download/i.test(brief.cta)
    ? 'Download'
    : /sign ?up|join|register|subscribe/i.test(brief.cta)
      ? 'Sign up'
      : /buy|shop|order/i.test(brief.cta)
        ? 'Shop now'
        : 'Learn more'
  return [
    `Primary text: ${hookLine(brief, variant, 125, true)}`,
    `${pick(brief.voice.bridge, variant)}\n${bulletList(brief, brief.voice.mark)}`,
    `${callToActionLine(brief, 'below')} #ad`,
    ...healthLines(brief),
    `Headline: ${fillWithin(40, pick(AD_HEADLINES, variant), brief.short)}`,
    `Description: ${pick(['See if it fits you', 'Simple steps, no fluff', 'Start small today'], variant)}`,
    `Button: ${button}`,
  ].join('\n')
}

/** A numbered thread: the hook, one post per point, the call to action. */
export function thread(brief: WritingBrief, _request: CopyRequest, variant: number): string {
  const posts = [
    `${hookLine(brief, variant, 200, true)} A short thread:`,
    ...brief.points.map((p) => asSentence(p)),
    `${callToActionLine(brief, 'below')}${brief.niche === 'health' ? ` ${HEALTH_NOTE}` : ''} #ad`,
  ]
  return posts.map((p, i) => `${i + 1}/ ${truncateAtWord(p, 270)}`).join('\n\n')
}
