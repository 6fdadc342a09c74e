/**
 * Longer formats for the free-form writer: blog posts and blog intros.
 */
import { callToActionLine, healthLines, pointCount, type WritingBrief } from './brief'
import { HEADLINE_FORMULAS } from './headline-lists'
import type { CopyRequest } from './request'
import { capitalize, freshFormula, midSentence, pick, titleCase } from './text'

const BLOG_DISCLOSURE =
  'Disclosure: this post contains affiliate links; I may earn a commission if you buy, at no extra cost to you.'

function blogIntro(brief: WritingBrief, variant: number): string[] {
  const n = pointCount(brief)
  const promise = `In this post, you will find ${n > 1 ? `${n} things` : 'one thing'} to know about ${brief.short}, starting with ${midSentence(brief.points[0] ?? brief.short)}.`
  return pick(
    [
      () => [
        `If you ${pick(brief.kit.pains, variant)}, you are not alone.`,
        brief.kit.agitate,
        promise,
      ],
      () => [
        `Have you been wondering where to start with ${brief.short}${brief.forAud}?`,
        `You are not the only one. ${brief.kit.agitate}`,
        promise,
      ],
      () => [
        `Right now, maybe ${brief.kit.before}.`,
        `Imagine ${brief.kit.after} instead.`,
        promise,
      ],
    ],
    variant,
  )()
}

/** A blog post (headline, intro, outline, conclusion), or only its headline and intro. */
export function blog(brief: WritingBrief, request: CopyRequest, variant: number): string {
  const headline = titleCase(
    capitalize(freshFormula(HEADLINE_FORMULAS, variant, (h) => h(brief, variant))(brief, variant)),
  )
  const intro = blogIntro(brief, variant)
  if (request.format === 'intro')
    return [`Headline: ${headline}`, `Intro: ${intro.join('\n\n')}`, '', BLOG_DISCLOSURE].join('\n')
  return [
    `Headline: ${headline}`,
    BLOG_DISCLOSURE,
    '',
    `Intro: ${intro.join('\n\n')}`,
    '',
    `Outline:\n${brief.points.map((p, i) => `${i + 1}. ${capitalize(p)}`).join('\n')}`,
    '',
    `Conclusion: ${pick(brief.voice.close, variant)} ${callToActionLine(brief, 'below')}`,
    ...healthLines(brief, true),
  ].join('\n')
}
