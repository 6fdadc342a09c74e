/**
 * Hooks and the body frameworks (AIDA, PAS, BAB, a numbered list, a self-check) the tools open
 * and build with.
 */
import { agree, bulletList, pointCount, type WritingBrief } from './brief'
import { capitalize, charCount, pick, truncateAtWord } from './text'

/** A hook formula: the first line of an answer, from the brief and the variant number. */
export type Hook = (brief: WritingBrief, variant: number) => string

/**
 * The hook formulas: how to, the common mistake, the pain, the steps, what nobody tells you,
 * stop doing this, curiosity, what to know first, save this.
 */
export const HOOKS: readonly Hook[] = [
  (brief) => `Here is how to ${brief.doing}${brief.forAud}.`,
  (brief) => `Most people get ${brief.short} wrong. Here is what to do instead.`,
  (brief, variant) =>
    `If you ${pick(brief.kit.pains, variant)}, ${brief.video ? 'watch' : 'read'} this.`,
  (brief) =>
    pointCount(brief) > 1
      ? `The ${pointCount(brief)}-step way to ${brief.doing}.`
      : `The simple way to ${brief.doing}.`,
  (brief) => `What nobody tells you about ${brief.short}.`,
  (brief, variant) => `Stop ${pick(brief.kit.stop, variant)}. Do this instead.`,
  (brief) => `Curious about ${brief.short}${brief.forAud}? Start here.`,
  (brief) =>
    pointCount(brief) > 1
      ? `${pointCount(brief)} things to know before you ${brief.doing}.`
      : `One thing to know before you ${brief.doing}.`,
  (brief) => `Save this before you ${brief.doing}.`,
]

/** Hook number `variant`, within `max` characters, led by the tone's opener when asked and room. */
export function hookLine(
  brief: WritingBrief,
  variant: number,
  max: number,
  opener = false,
): string {
  const make = pick(HOOKS, variant)
  let line = make(brief, variant)
  if (charCount(line) > max && brief.forAud) line = make({ ...brief, forAud: '' }, variant)
  if (charCount(line) > max) line = truncateAtWord(line, max)
  const led = `${pick(brief.voice.open, variant)} ${line}`
  return opener && charCount(led) <= max ? led : line
}

type Framework = (brief: WritingBrief, variant: number, mark: string) => string[]

/** Body copy after the hook: AIDA, PAS, BAB, a numbered list, a self-check. */
const FRAMEWORKS: readonly Framework[] = [
  (brief, variant, mark) => [
    `If ${brief.short} ${agree(brief, 'has', 'have')} been on your list for a while, this is a good place to start.`,
    `${pick(brief.voice.bridge, variant)}\n${bulletList(brief, mark)}`,
    `Imagine ${brief.kit.after}.`,
  ],
  (brief, variant, mark) => [
    `If you ${pick(brief.kit.pains, variant + 1)}, you are not alone.`,
    brief.kit.agitate,
    `That is where ${brief.short} ${agree(brief, 'comes', 'come')} in. ${pick(brief.voice.bridge, variant)}\n${bulletList(brief, mark)}`,
  ],
  (brief, variant, mark) => [
    `Right now, maybe ${brief.kit.before}.`,
    `Now picture ${brief.kit.after}.`,
    `The bridge between the two: ${brief.short}. ${pick(brief.voice.bridge, variant)}\n${bulletList(brief, mark)}`,
  ],
  (brief) => [
    `${pointCount(brief) > 1 ? `${pointCount(brief)} things` : 'One thing'} to know about ${brief.short}:\n` +
      brief.points.map((p, i) => `${i + 1}. ${capitalize(p)}`).join('\n'),
    'Start with the first one this week and build from there.',
  ],
  (brief, _variant, mark) => [
    `${agree(brief, 'Is', 'Are')} ${brief.short} right for you? Here is what to look at:\n${bulletList(brief, mark)}`,
    'If most of that sounds useful, it is worth a closer look.',
  ],
]

/** The body paragraphs after the hook, in the framework the variant picks. */
export const frameworkBody = (brief: WritingBrief, variant: number, mark: string) =>
  pick(FRAMEWORKS, variant)(brief, variant, mark)
