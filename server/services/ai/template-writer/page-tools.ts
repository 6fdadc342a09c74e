/**
 * The page tools: SEO title, meta description and slug, customer avatar, product description.
 */
import type { Tone } from '@schemas/ai'

import {
  agree,
  audiencePhrase,
  callToActionLine,
  DISCLOSURE,
  forAudience,
  healthLines,
  pointCount,
  type Writer,
  type WritingBrief,
} from './brief'
import { frameworkBody, HOOKS } from './frameworks'
import {
  andList,
  capitalize,
  charCount,
  fillWithin,
  freshFormula,
  midSentence,
  pick,
  take,
  titleCase,
  truncateAtWord,
  withFullStop,
} from './text'

const SEO_TITLES: readonly ((s: string, brief: WritingBrief) => string)[] = [
  (s) => `${capitalize(s)}: A Beginner's Guide`,
  (s, brief) =>
    `${capitalize(s)}: ${pointCount(brief) > 1 ? `${pointCount(brief)} Simple Steps` : 'Simple Steps'} to Start`,
  (s) => `${capitalize(s)} Explained: What to Know First`,
  (s) => `Getting Started with ${s}: Where to Begin`,
  (s) => `${capitalize(s)}: What Beginners Should Know`,
  (s) => `${capitalize(s)}: Common Questions Answered`,
]

/** The meta description's first sentence: the keyword, and who it is for (`aud`) when set. */
const SEO_OPENERS: Record<Tone, (kw: string, aud: string) => string> = {
  friendly: (kw, aud) => `A friendly, plain-English guide to ${kw}${aud}.`,
  professional: (kw, aud) => `A practical guide to ${kw}${aud}.`,
  bold: (kw, aud) => `No fluff: what really matters with ${kw}${aud}.`,
  playful: (kw, aud) => `${capitalize(kw)}${aud}, minus the boring bits.`,
  inspiring: (kw, aud) => `Your first steps with ${kw}${aud}, one at a time.`,
  urgent: (kw, aud) => `Before you start with ${kw}${aud}, read this.`,
}
/** What the page gives, when the member listed nothing ("it" is the keyword just named). */
const META_BODIES = [
  'Learn what it involves, what to do first and which mistakes to skip.',
  'See how it works, where to start and how to tell if it suits you.',
  'Find out what you need, the first step to take and what to avoid.',
  'Get the basics, the first steps and the common mistakes, in plain words.',
  'It covers what to expect, how to begin and the questions people ask most.',
]
const SEO_CLOSERS = [
  'Read it and take your first step.',
  'Start with the basics today.',
  'Clear steps, no jargon.',
]

function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !/^(a|an|the|and|or|of|for|to|in|on|with|your|my)$/.test(w))
  const out: string[] = []
  for (const w of words) {
    if ([...out, w].join('-').length > 50) break
    out.push(w)
  }
  return out.join('-') || 'guide'
}

/** SEO: a title, a meta description and a slug, each within its limit. */
export const seo: Writer = (brief, variant) => {
  const keyword = brief.keyword || brief.short
  const make = freshFormula(SEO_TITLES, variant, (f) => f(keyword, brief))
  const title = titleCase(fillWithin(60, (s) => make(s, brief), keyword))
  const max = brief.size === 0 ? 125 : 155
  const open = SEO_OPENERS[brief.tone]
  const aud = forAudience(keyword, brief.audience)
  const who = audiencePhrase(brief.audience)
  const named = !who || keyword.toLowerCase().includes(who.toLowerCase())
  const openers = [
    aud || named ? open(keyword, aud) : `${open(keyword, '')} Made for ${who}.`,
    open(keyword, ''),
  ]
  const bodies = brief.own
    ? brief.points.map(
        (_, i) =>
          `${pick(['Inside:', 'It covers', 'You will find'], variant)} ` +
          `${andList(brief.points.slice(0, brief.points.length - i).map((p) => midSentence(truncateAtWord(p, 40))))}.`,
      )
    : take(META_BODIES, META_BODIES.length, variant)
  const closers = brief.size > 0 ? [pick(SEO_CLOSERS, variant), ''] : ['']
  // the richest description that fits: what the page gives, who it is for, then a closer
  let meta = fillWithin(max, (s) => open(s, ''), keyword)
  search: for (const body of [...bodies, ''])
    for (const first of openers)
      for (const closer of closers) {
        const text = [first, body, closer].filter(Boolean).join(' ')
        if (charCount(text) <= max) {
          meta = text
          break search
        }
      }
  const base = slugOf(keyword)
  const suffix = pick(['', '-guide', '-for-beginners', '-basics', '-explained'], variant)
  const says = (word: string) => base.split('-').some((w) => w.startsWith(word.slice(0, 5)))
  const extra = suffix.split('-').some((w) => w && w !== 'for' && says(w)) ? '' : suffix
  return [`Title: ${title}`, `Meta description: ${meta}`, `Slug: ${base}${extra}`].join('\n')
}

const PERSONAS = [
  'a complete newcomer who is still researching and comparing options',
  'someone who has tried before, got stuck, and is now careful about what they buy',
  'short on time, so they want steps they can follow in small blocks',
  'someone who learns best by doing and wants clear, practical steps',
  'ready to start, but unsure which option to trust',
]

const NAMES = ['Alex', 'Sam', 'Jordan', 'Casey', 'Robin', 'Taylor']

/** A customer avatar: who, goals, pains, objections, where they spend time, their words. */
export const customerAvatar: Writer = (brief, variant) => {
  const n = [2, 3, 4][brief.size]!
  const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n')
  const goals = take(brief.kit.goals, n, variant)
  if (brief.own)
    goals.push(
      `What they hope ${brief.short} ${agree(brief, 'helps', 'help')} with: ${andList(brief.points)}`,
    )
  const search = brief.beginner ? `${brief.core} step by step` : `${brief.core} for beginners`
  const words = [...take(brief.kit.words, n, variant).map((w) => `"${w}"`), `"${search}"`]
  const name = pick(NAMES, variant)
  return [
    `Who they are: A working assumption to check, not a fact. ${name} is one person from your ` +
      `audience (${brief.audience ? truncateAtWord(brief.audience, 120) : brief.kit.audience}). ${name} is ` +
      `${pick(PERSONAS, variant)}, and is looking at ${brief.short} because they want to ` +
      `${midSentence(pick(brief.kit.goals, variant + 1))}.`,
    `Goals:\n${list(goals)}`,
    `Pains:\n${list(take(brief.kit.pains, n, variant).map((p) => `They ${p}.`))}`,
    `Objections:\n${list([...take(brief.kit.objections, n, variant), 'Is this just another sales pitch?'].map((o) => withFullStop(o)))}`,
    `Where they spend time:\n${list(take(brief.kit.places, n + 1, variant))}`,
    `Words they use:\n${list(words)}\n` +
      'Check this against real comments and questions in your niche, and update it as you learn more.',
  ].join('\n')
}

const HEADLINES: readonly ((brief: WritingBrief) => string)[] = [
  (brief) =>
    `${capitalize(brief.short)}: what ${agree(brief, 'it is', 'they are')}, who ${agree(brief, 'it is', 'they are')} for, and how to decide`,
  (brief) => `Thinking about ${brief.short}? Read this first`,
  (brief) => `${capitalize(brief.short)}${brief.forAud}, explained in plain words`,
  (brief) => `An honest look at ${brief.short}`,
  (brief) => `The questions beginners ask about ${brief.short}, answered`,
]

/** A product description: a headline, the body in the variant's framework, the disclosure. */
export const description: Writer = (brief, variant) => {
  const paragraphs = [
    ...(brief.size > 0
      ? [`${pick(brief.voice.open, variant)} ${pick(HOOKS, variant + 4)(brief, variant)}`]
      : []),
    ...frameworkBody(brief, variant, '-'),
    ...(brief.size > 0
      ? [
          `Who it is for: ${brief.audience ? truncateAtWord(brief.audience, 150) : brief.kit.audience}.`,
        ]
      : []),
    ...(brief.size > 1
      ? ['It is probably not for you if you want instant results without putting in any effort.']
      : []),
    `${callToActionLine(brief, 'below')} ${pick(brief.voice.close, variant)}`,
    DISCLOSURE,
    ...healthLines(brief, true),
  ]
  const headline = freshFormula(HEADLINES, variant, (h) => h(brief))(brief)
  return `Headline: ${headline}\nDescription: ${paragraphs.join('\n\n')}`
}
