/**
 * The social tools: Facebook and Instagram captions, hashtag sets and the tweet.
 */
import {
  callToActionLine,
  healthLines,
  SHORT_DISCLOSURE,
  type Writer,
  type WritingBrief,
} from './brief'
import { frameworkBody, hookLine } from './frameworks'
import { ownTags, tagLine, tagTiers } from './hashtags'
import { capitalize, charCount, pick, truncateAtWord } from './text'

/** A post's lines: hook, body, close, call to action, disclosure and `tags` hashtags. */
export function socialCaption(
  brief: WritingBrief,
  variant: number,
  place: string,
  tags: number,
): string[] {
  return [
    hookLine(brief, variant, 125, true),
    '',
    ...frameworkBody(brief, variant, brief.voice.mark).flatMap((paragraph) => [paragraph, '']),
    ...(brief.size > 0 ? [pick(brief.voice.close, variant), ''] : []),
    callToActionLine(brief, place),
    SHORT_DISCLOSURE,
    ...healthLines(brief),
    '',
    tagLine(brief, tags, variant),
  ]
}

/** A Facebook caption, with the link below it. */
export const facebookcaption: Writer = (brief, variant) =>
  `Caption: ${socialCaption(brief, variant, 'below', [3, 4, 5][brief.size]!).join('\n')}`

/** An Instagram caption, with the link in the bio and more hashtags. */
export const instacaption: Writer = (brief, variant) =>
  `Caption: ${socialCaption(brief, variant, 'in my bio', [8, 14, 20][brief.size]!).join('\n')}`

/** Hashtag sets in tiers: broad, niche, specific. */
export const hasTag: Writer = (brief, variant) =>
  `Hashtags: ${tagTiers(brief, [15, 22, 30][brief.size]!, variant)
    .filter((tier) => tier.length)
    .map((tier) => tier.join(' '))
    .join('\n')}`

/** A tweet within 280 characters: hook, the points that fit, call to action and #ad. */
export const twitterTweet: Writer = (brief, variant) => {
  const head = hookLine(brief, variant, 110, brief.size > 0)
  const close = `${truncateAtWord(callToActionLine(brief, 'below'), 100)}${brief.niche === 'health' ? ' Not medical advice.' : ''} #ad`
  let text = `${head}\n\n${close}`
  const points: string[] = []
  for (const p of brief.points.slice(0, brief.size + 1)) {
    if (charCount(p) > 90) continue
    const next = [...points, `${brief.voice.mark} ${capitalize(p)}`]
    const candidate = `${head}\n\n${next.join('\n')}\n\n${close}`
    if (charCount(candidate) > 280) continue
    points.push(next.at(-1)!)
    text = candidate
  }
  const tag = ownTags(brief)[0]
  if (tag && charCount(`${text} #${tag}`) <= 280) text += ` #${tag}`
  return text
}
