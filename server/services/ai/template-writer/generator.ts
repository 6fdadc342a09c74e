/**
 * The free-form writer: posts, videos and the framework drafts, and the writer for the format
 * a request asks for.
 */
import type { GeneratorInput } from '@schemas/ai'

import { blog } from './blog'
import {
  agree,
  briefFor,
  bulletList,
  callToActionLine,
  DISCLOSURE,
  healthLines,
  type WritingBrief,
} from './brief'
import { email, newsletter } from './emails'
import { hookLine } from './frameworks'
import { tagLine } from './hashtags'
import { headlines } from './headline-lists'
import { description } from './page-tools'
import { readRequest, type CopyRequest, type Format } from './request'
import { ad, bio, thread } from './short-formats'
import { socialCaption, twitterTweet } from './social-tools'
import { capitalize, pick } from './text'
import { instagramReel, tiktok, tiktokads, vsl, youtube } from './video-tools'

/** A post for the platform the request names: a tweet for X, else a caption. */
function post(brief: WritingBrief, request: CopyRequest, variant: number): string {
  if (request.platform === 'x') return twitterTweet(brief, variant)
  const place =
    request.platform === 'instagram' || request.platform === 'tiktok' ? 'in my bio' : 'below'
  const tags =
    request.platform === 'linkedin'
      ? 3
      : request.platform === 'instagram'
        ? [8, 14, 20][brief.size]!
        : [3, 4, 5][brief.size]!
  return socialCaption(brief, variant, place, tags).join('\n')
}

/** A video script: a sales letter when the request asks for one, else the platform's script. */
function video(brief: WritingBrief, request: CopyRequest, variant: number): string {
  if (/video sales|vsl/i.test(request.noun) || request.kind === 'sales') return vsl(brief, variant)
  if (request.platform === 'youtube') return youtube(brief, variant)
  if (request.platform === 'instagram') return instagramReel(brief, variant)
  return tiktok(brief, variant)
}

/** The framework drafts for a request that names no format we know. */
function drafts(brief: WritingBrief, variant: number): string {
  const action = `${callToActionLine(brief, 'below')} ${DISCLOSURE}`
  const health = healthLines(brief)
  const title = `${capitalize(brief.short)}${brief.forAud}`
  const list = [
    () => [
      `AIDA draft: ${title}`,
      `Attention: ${hookLine(brief, variant, 120, true)}`,
      `Interest: If ${brief.short} ${agree(brief, 'has', 'have')} been on your list for a while, this is a good place to start. ${brief.kit.agitate}`,
      `Desire: ${pick(brief.voice.bridge, variant)}\n${bulletList(brief, '-')}\nImagine ${brief.kit.after}.`,
      `Action: ${action}`,
      ...health,
    ],
    () => [
      `PAS draft: ${title}`,
      `Problem: If you ${pick(brief.kit.pains, variant)}, you are not alone.`,
      `Agitate: ${brief.kit.agitate} It does not have to stay that way.`,
      `Solution: That is where ${brief.short} ${agree(brief, 'comes', 'come')} in. ${pick(brief.voice.bridge, variant)}\n${bulletList(brief, '-')}\n${action}`,
      ...health,
    ],
    () => [
      `BAB draft: ${title}`,
      `Before: Right now, maybe ${brief.kit.before}.`,
      `After: Now picture ${brief.kit.after}.`,
      `Bridge: The way across is ${brief.short}. ${pick(brief.voice.bridge, variant)}\n${bulletList(brief, '-')}\n${action}`,
      ...health,
    ],
    () => [
      `Hooks to test:\n${Array.from({ length: [3, 5, 7][brief.size]! }, (_, i) => `${i + 1}. ${hookLine(brief, variant + i, 120)}`).join('\n')}`,
      `Outline: ${title}`,
      '1. Open with one of the hooks above.',
      `2. Name the problem: "If you ${pick(brief.kit.pains, variant)}, you are not alone."`,
      ...brief.points.map((p, i) => `${i + 3}. ${capitalize(p)}`),
      `${brief.points.length + 3}. Show what changes: ${brief.kit.after}.`,
      `${brief.points.length + 4}. Close with your call to action and the disclosure: "${DISCLOSURE}"`,
      ...health,
    ],
    () => [
      hookLine(brief, variant, 120, true),
      '',
      `${pick(brief.voice.bridge, variant)}\n${bulletList({ ...brief, points: brief.points.slice(0, brief.size + 2) }, brief.voice.mark)}`,
      '',
      pick(brief.voice.close, variant),
      callToActionLine(brief, 'below'),
      ...health,
      tagLine(brief, [3, 5, 8][brief.size]!, variant),
    ],
  ]
  return pick(list, variant)().join('\n')
}

/** The writer of each format a request can ask for. */
const FORMAT_WRITERS: Record<
  Format,
  (brief: WritingBrief, request: CopyRequest, variant: number) => string
> = {
  email,
  newsletter,
  post,
  tweet: (brief, _request, variant) => twitterTweet(brief, variant),
  thread,
  bio,
  ad: (brief, request, variant) =>
    request.platform === 'tiktok' ? tiktokads(brief, variant) : ad(brief, request, variant),
  description: (brief, _request, variant) => description(brief, variant),
  video,
  headlines,
  blog,
  intro: blog,
}

/** One variant of the answer to a free-form request: the format it asks for, else a draft. */
export function generator(input: GeneratorInput, variant: number): string {
  const request = readRequest(input.prompt)
  const brief = briefFor(
    {
      ...input,
      tool: 'facebookcaption',
      topic: request.subject,
      audience: request.reader,
      benefits: request.points.join('\n'),
      keyword: '',
      callToAction: request.cta,
      niche: request.niche,
    },
    request.format === 'video',
    variant,
  )
  return request.format
    ? FORMAT_WRITERS[request.format](brief, request, variant)
    : drafts(brief, variant)
}
