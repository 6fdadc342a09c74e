/**
 * Lists of headlines, subject lines, hooks, titles and taglines, for the free-form writer.
 */
import { agree, type WritingBrief } from './brief'
import { SUBJECT_LINES } from './emails'
import { hookLine, HOOKS } from './frameworks'
import type { CopyRequest } from './request'
import { capitalize, charCount, pick, repeatedWords, take, titleCase } from './text'

/** Headline formulas, for lists of headlines and for blog posts. */
export const HEADLINE_FORMULAS: readonly ((brief: WritingBrief, variant: number) => string)[] = [
  (brief) =>
    `${capitalize(brief.short)}: what ${agree(brief, 'it is', 'they are')} and how to start`,
  (brief) => `How to ${brief.doing}${brief.forAud}`,
  (brief) => `The beginner's guide to ${brief.short}`,
  (brief) => `What nobody tells you about ${brief.short}`,
  (brief) => `${agree(brief, 'Is', 'Are')} ${brief.short} right for you? Read this first`,
  (brief) => `${capitalize(brief.short)}, explained in plain words`,
  (brief) => `Stop guessing: a simple plan for ${brief.short}`,
  (brief) => `The mistakes everyone makes with ${brief.core}`,
  (brief) => `Before you start with ${brief.short}, read this`,
  (brief, variant) => `If you ${pick(brief.kit.pains, variant)}, start here`,
  (brief) => `Curious about ${brief.short}? Start here`,
  (brief) => `The first step with ${brief.short} (and what to skip)`,
  (brief) => `${capitalize(brief.short)}${brief.forAud}: where to begin`,
  (brief) => `Why ${brief.short} ${agree(brief, 'is', 'are')} simpler than you think`,
  (brief) => `Everything to know before you try ${brief.short}`,
]

/** A numbered list of headlines, subject lines, hooks, titles or taglines, as many as asked. */
export function headlines(brief: WritingBrief, request: CopyRequest, variant: number): string {
  const n = request.count || [5, 7, 9][brief.size]!
  const items: string[] = []
  const allowed = repeatedWords(brief.short)
  // subject lines open with the email kind's own, then the headline formulas
  const formulas: readonly ((brief: WritingBrief, variant: number) => string)[] =
    request.label === 'Subject lines'
      ? [
          ...take(SUBJECT_LINES[request.kind], 2, variant).map(
            (f) => (brief: WritingBrief) => f(brief, request.had),
          ),
          ...HEADLINE_FORMULAS,
        ]
      : HEADLINE_FORMULAS
  for (let i = 0; items.length < n && i < formulas.length + HOOKS.length; i++) {
    const text =
      request.label === 'Hooks'
        ? hookLine(brief, variant + i, 120)
        : i < formulas.length - HEADLINE_FORMULAS.length
          ? formulas[i]!(brief, variant + i)
          : pick(HEADLINE_FORMULAS, variant * 2 + i)(brief, variant + i)
    const line =
      request.label === 'Hooks' || request.label === 'Subject lines'
        ? capitalize(text)
        : titleCase(capitalize(text))
    if (charCount(line) > 100 || repeatedWords(line) > allowed) continue
    if (!items.some((item) => item.toLowerCase() === line.toLowerCase())) items.push(line)
  }
  return [
    `${request.label} for ${brief.short}${brief.forAud}:`,
    ...items.map((item, i) => `${i + 1}. ${item}`),
    '',
    `Tip: test two or three of these, and keep the affiliate disclosure next to any link they lead to.`,
  ].join('\n')
}
