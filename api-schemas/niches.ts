import { z } from 'zod/mini'

import { endpoint, envelope, requiredName, requiredText } from './contract'

/** The four niches with a library sheet and a sheet of the member's own. */
export const NICHES = ['health', 'wealth', 'relationship', 'woodworking'] as const
export type Niche = (typeof NICHES)[number]

/** The kinds of post a row plans. */
export const POST_FORMATS = [
  'reel',
  'carousel',
  'story',
  'short video',
  'long video',
  'thread',
  'blog post',
  'email',
  'pin',
  'live',
] as const
export type PostFormat = (typeof POST_FORMATS)[number]

/** The longest text each column of a content-plan row holds, in characters. */
export const PLAN_LIMITS = {
  subNiche: 80,
  audience: 120,
  pain: 200,
  offerCategory: 120,
  hook: 200,
  postIdea: 500,
  cta: 160,
  hashtags: 300,
  note: 300,
} as const

/** Instagram's own cap on hashtags in one post. */
export const MAX_HASHTAGS = 30

const text = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters`))

/**
 * Space-separated hashtags: each one # and letters or digits, at most MAX_HASHTAGS of them.
 * Patterns, not refinements, so the API's OpenAPI document shows them.
 */
export const hashtagsSchema = text('Hashtags', PLAN_LIMITS.hashtags).check(
  z.regex(
    /^(?:#[\p{L}\p{N}_]+(?:\s+#[\p{L}\p{N}_]+)*)?$/u,
    'Hashtags are words that start with #, separated by spaces',
  ),
  z.regex(
    new RegExp(`^\\S*(?:\\s+\\S+){0,${MAX_HASHTAGS - 1}}$`),
    `At most ${MAX_HASHTAGS} hashtags`,
  ),
)

/** One starter row of a niche's library sheet: a post planned from audience to hashtags. */
export const libraryRowSchema = z.strictObject({
  subNiche: requiredText('Sub-niche', PLAN_LIMITS.subNiche),
  audience: requiredText('Audience', PLAN_LIMITS.audience),
  pain: requiredText('Pain', PLAN_LIMITS.pain),
  offerCategory: requiredText('Offer category', PLAN_LIMITS.offerCategory),
  hook: requiredText('Hook', PLAN_LIMITS.hook),
  postFormat: z.enum(POST_FORMATS, 'Choose a post format'),
  postIdea: requiredText('Post idea', PLAN_LIMITS.postIdea),
  cta: requiredText('Call to action', PLAN_LIMITS.cta),
  hashtags: hashtagsSchema,
  note: z._default(text('Note', PLAN_LIMITS.note), ''),
})
export type LibraryRow = z.infer<typeof libraryRowSchema>

/** A library file of content/niches/. */
export const libraryFileSchema = z.strictObject({
  niche: z.enum(NICHES),
  title: requiredName('Title', 80),
  rows: z.array(libraryRowSchema),
})
export type LibraryFile = z.infer<typeof libraryFileSchema>

export const niches = {
  library: endpoint({
    method: 'GET',
    path: '/nichelibrary/:niche',
    access: 'member',
    area: 'niches',
    summary: "A niche's library sheet: the starter rows members copy into their own sheet",
    params: z.strictObject({ niche: z.enum(NICHES, 'Unknown niche') }),
    response: envelope(libraryFileSchema),
  }),
}
