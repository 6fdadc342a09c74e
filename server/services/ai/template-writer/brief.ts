/**
 * The member's inputs, ready to write with: the writing brief every tool and format fills its
 * templates from.
 */
import type { AiNiche, ScriptInput, Tone } from '@schemas/ai'

import { NICHES, type NicheKit } from './niches'
import {
  asSentence,
  capitalize,
  charCount,
  cleanPhrase,
  midSentence,
  parsePoints,
  repeatedWords,
  take,
  truncateAtWord,
} from './text'
import { VOICES, type Voice } from './voices'

/** Points about the topic itself, for when the member gave none (each takes the topic's core). */
const TOPIC_POINTS: readonly ((core: string, beginner: boolean, plural: boolean) => string)[] = [
  (core, _beginner, plural) => `what ${core} ${plural ? 'involve' : 'involves'}, step by step`,
  (core) => `the first thing to do with ${core} this week`,
  (core, beginner) =>
    beginner ? `the common mistakes with ${core}` : `the mistakes beginners make with ${core}`,
  (core, _beginner, plural) => `how to tell if ${core} ${plural ? 'suit' : 'suits'} you`,
  (core) => `what you need before you start with ${core}`,
  (core) => `what to skip with ${core} at first`,
  (core) => `the questions people ask most about ${core}`,
]

/** The member's inputs, ready to write with: what every template is filled from. */
export interface WritingBrief {
  /** The topic, cleaned, for the body; `short` for hooks and titles. */
  topic: string
  short: string
  /** `short` without its own "for beginners"-like ending, for phrases that add their own. */
  core: string
  /** Whether the topic, keyword or audience already speaks of beginners. */
  beginner: boolean
  /** Whether the topic is plural ("woodworking plans"), for "is"/"are" and "it"/"they". */
  plural: boolean
  /** Completes "how to …": the topic's own "how to" or "get started with <topic>". */
  doing: string
  audience: string
  /** " for <audience>" or nothing. */
  forAud: string
  keyword: string
  points: string[]
  own: boolean
  cta: string
  niche: AiNiche
  tone: Tone
  kit: NicheKit
  voice: Voice
  /** 0 short, 1 medium, 2 long. */
  size: number
  video: boolean
}

/** "start woodworking" → "starting woodworking": the first verb of a phrase with -ing. */
function gerund(phrase: string): string {
  const [verb = '', ...rest] = phrase.split(' ')
  const lower = verb.toLowerCase()
  const ing =
    lower === 'be' || lower === 'see'
      ? `${lower}ing`
      : /ie$/.test(lower)
        ? `${lower.slice(0, -2)}ying`
        : /[^e]e$/.test(lower)
          ? `${lower.slice(0, -1)}ing`
          : /^[^aeiou]*[aeiou][bdgmnprt]$/.test(lower) || lower === 'begin'
            ? `${lower}${lower.at(-1)}ing`
            : `${lower}ing`
  return [ing, ...rest].join(' ')
}

/** Words that name people: "busy parents", "new subscribers", "people who …". */
const PEOPLE = new RegExp(
  `\\b(?:${
    'people|persons?|folks|customers?|clients?|subscribers?|members?|readers?|followers?|fans|' +
    'buyers?|beginners?|newbies|newcomers?|parents?|moms?|mums?|mothers?|dads?|fathers?|women|' +
    'men|girls|guys|kids|teens|teenagers|students?|teachers?|nurses?|retirees|seniors|couples?|' +
    'families|owners?|entrepreneurs?|founders?|freelancers?|coaches?|creators?|marketers?|' +
    'professionals?|employees|workers?|managers?|leads|prospects|audiences?|community|friends|' +
    'anyone|everyone|someone|those|singles|athletes|runners|gamers|developers|designers|writers|' +
    'bloggers|affiliates|dieters|vegans|vegetarians|homeowners|woodworkers|hobbyists|bakers|' +
    'cooks|gardeners|travell?ers|patients|users|visitors|attendees|guests|shoppers|viewers|' +
    'listeners|learners|adults|millennials|introverts|job seekers|homeschoolers'
  })\\b`,
  'i',
)
/** Whether a phrase names people (its first words), or describes them ("… who …"). */
export const isPeople = (phrase: string) =>
  PEOPLE.test(phrase.split(' ').slice(0, 5).join(' ')) || /\b(who|whose)\b/i.test(phrase)

/** "sourdough starter for beginners" → "sourdough starter": a topic without its own audience. */
function coreOf(topic: string): string {
  const match = /^(.{3,}?)\s+(?:for|to)\s+(.{3,})$/i.exec(topic)
  return match?.[1] && match[2] && isPeople(match[2]) ? match[1] : topic
}

/** The audience short enough to follow a topic ("… for busy parents"), or nothing. */
export function audiencePhrase(audience: string): string {
  if (charCount(audience) <= 50) return audience
  const head = cleanPhrase(audience.split(/\s+(?:who|that|which|with|and)\s+|,/i)[0] ?? '')
  return charCount(head) >= 3 && charCount(head) <= 50 ? head : ''
}

/** " for <audience>" after `phrase`, unless the phrase already names who it is for. */
export function forAudience(phrase: string, audience: string): string {
  const aud = audiencePhrase(audience)
  if (!aud || coreOf(phrase) !== phrase) return ''
  if (phrase.toLowerCase().includes(aud.toLowerCase())) return ''
  return ` for ${aud}`
}

/** Whether a topic's head noun is plural: "woodworking plans for garages", not "gut health". */
function pluralOf(topic: string): boolean {
  const phrase = topic.split(/\s+(?:of|on|for|in|with|about|to|from|at|by)\s+/i)[0] ?? topic
  const head = phrase.split(' ').at(-1) ?? ''
  return charCount(head) > 3 && /[^s']s$/i.test(head) && !/(ss|us|is|ics|ness|news)$/i.test(head)
}

/** The verb or pronoun that agrees with the topic: `agree(brief, 'is', 'are')`. */
export const agree = (brief: WritingBrief, one: string, many: string) => (brief.plural ? many : one)

/** How many points the answer makes: steps, scenes or items are counted from them. */
export const pointCount = (brief: WritingBrief) => brief.points.length

/** The brief for `input`; `video` when it is spoken, `variant` orders the default points. */
export function briefFor(input: ScriptInput, video: boolean, variant = 0): WritingBrief {
  const topic = midSentence(cleanPhrase(input.topic)) || 'this topic'
  const how = /^how to\s+(.+)$/i.exec(topic)?.[1]
  // "how to start woodworking" reads as "starting woodworking" where a noun is needed
  const short = truncateAtWord(how ? gerund(how) : topic, 60)
  const core = coreOf(short)
  const audience = midSentence(cleanPhrase(input.audience).replace(/^for\s+/i, ''))
  const keyword = midSentence(cleanPhrase(input.keyword))
  const beginner = /\bbeginner/i.test(`${topic} ${keyword} ${audience}`)
  const own = parsePoints(input.benefits)
  const sizeIndex = (['short', 'medium', 'long'] as const).indexOf(input.length)
  const kit = NICHES[input.niche]
  const topicPoints = take(TOPIC_POINTS, TOPIC_POINTS.length, variant)
    .map((p) => p(core, beginner, pluralOf(core)))
    .filter((p) => repeatedWords(p) <= repeatedWords(core))
  // the niche's own point leads every other variant, second in the rest
  const defaults = kit.point
    ? [...topicPoints.slice(0, variant % 2), kit.point(core), ...topicPoints.slice(variant % 2)]
    : topicPoints
  return {
    topic,
    short,
    core,
    beginner,
    plural: pluralOf(core),
    doing: how ? truncateAtWord(how, 60) : `get started with ${short}`,
    audience,
    forAud: forAudience(short, audience),
    keyword,
    points: (own.length ? own : defaults).slice(0, [2, 3, 5][sizeIndex]),
    own: own.length > 0,
    cta: cleanPhrase(input.callToAction),
    niche: input.niche,
    tone: input.tone,
    kit,
    voice: VOICES[input.tone],
    size: Math.max(0, sizeIndex),
    video,
  }
}

/** The member's call to action as a sentence, else the tone's own to the link `place`. */
export const callToActionLine = (brief: WritingBrief, place: string) =>
  asSentence(brief.cta || brief.voice.act(place))
/** The points, one per line, each after `mark`. */
export const bulletList = (brief: WritingBrief, mark: string) =>
  brief.points.map((p) => `${mark} ${capitalize(p)}`).join('\n')

/** A tool's writer: one variant of its answer, from the brief. */
export type Writer = (brief: WritingBrief, variant: number) => string

// The lines every answer with a link carries, and the health note.

/** The affiliate disclosure, in full. */
export const DISCLOSURE =
  'Disclosure: this is an affiliate link; I may earn a commission if you buy, at no extra cost to you.'
/** The affiliate disclosure for captions. */
export const SHORT_DISCLOSURE = 'Affiliate link: I may earn a commission at no extra cost to you.'
export const HEALTH_NOTE = 'This is not medical advice.'
const DOCTOR = 'Talk to your doctor before changing your diet, exercise or medication.'

/** The health note in the health niche (with the advice to see a doctor when `doctor`). */
export const healthLines = (brief: WritingBrief, doctor = false) =>
  brief.niche === 'health' ? [doctor ? `${HEALTH_NOTE} ${DOCTOR}` : HEALTH_NOTE] : []
