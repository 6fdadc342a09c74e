import { z } from 'zod/mini'

import { endpoint, envelope, pageOf, pageQuery, requiredText, streamEndpoint } from './contract'

/** The 25 most used languages (by speakers online), each with its English name. */
export const LANGUAGES = [
  ['en', 'English'],
  ['zh', 'Chinese (Simplified)'],
  ['hi', 'Hindi'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['ar', 'Arabic'],
  ['bn', 'Bengali'],
  ['pt', 'Portuguese'],
  ['ru', 'Russian'],
  ['ur', 'Urdu'],
  ['id', 'Indonesian'],
  ['de', 'German'],
  ['ja', 'Japanese'],
  ['sw', 'Swahili'],
  ['mr', 'Marathi'],
  ['te', 'Telugu'],
  ['tr', 'Turkish'],
  ['ta', 'Tamil'],
  ['vi', 'Vietnamese'],
  ['ko', 'Korean'],
  ['it', 'Italian'],
  ['th', 'Thai'],
  ['pl', 'Polish'],
  ['nl', 'Dutch'],
  ['fa', 'Persian'],
  ['uk', 'Ukrainian'],
  ['fil', 'Filipino'],
  ['ms', 'Malay'],
  ['ro', 'Romanian'],
  ['el', 'Greek'],
] as const
export type LanguageCode = (typeof LANGUAGES)[number][0]
const LANGUAGE_CODES = LANGUAGES.map(([code]) => code) as [LanguageCode, ...LanguageCode[]]
export const languageName = (code: string) => LANGUAGES.find(([c]) => c === code)?.[1] ?? code
const languageSchema = z.enum(LANGUAGE_CODES, 'Choose a language from the list')

export const TONES = ['friendly', 'professional', 'bold', 'playful', 'inspiring', 'urgent'] as const
export type Tone = (typeof TONES)[number]
export const LENGTHS = ['short', 'medium', 'long'] as const
export type Length = (typeof LENGTHS)[number]
/** Niches with their own hashtag sets; `other` takes the general marketing set. */
export const AI_NICHES = ['health', 'wealth', 'relationship', 'woodworking', 'other'] as const
export type AiNiche = (typeof AI_NICHES)[number]
export const MAX_VARIANTS = 5

/**
 * A platform rule an answer is checked against: the whole variant, one labelled line
 * (`Title: …`), or a labelled part that runs to the variant's end (`Caption: …`). Characters
 * count as the platforms count them for plain text: one per Unicode character.
 */
export interface PlatformRule {
  label: string
  max: number
  measure: 'characters' | 'hashtags'
  /** The line label the rule reads after (`Title`), or none for the whole variant. */
  part?: string
  /** A single line (`Title: …`) instead of the rest of the variant. */
  line?: boolean
  /** Only a guide (SEO lengths): over it is shown, not flagged as breaking the platform's rule. */
  soft?: boolean
}

export type ScriptField = 'topic' | 'audience' | 'benefits' | 'keyword' | 'callToAction' | 'niche'

export interface ScriptToolDef {
  key: string
  title: string
  /** One line on what it writes, for the catalogue. */
  purpose: string
  /** The fields the form shows, with the tool's own label for each. */
  fields: Partial<Record<ScriptField, string>>
  /** How each variant is laid out: the labelled parts, in order. */
  parts: readonly string[]
  rules: readonly PlatformRule[]
}

const hashtagRule = (part?: string): PlatformRule => ({
  label: 'Hashtags',
  max: 30,
  measure: 'hashtags',
  ...(part ? { part } : {}),
})

/** The twelve script tools of `/admin/aiscript/{key}`, in the catalogue's order. */
export const SCRIPT_TOOLS = [
  {
    key: 'facebookcaption',
    title: 'Facebook caption',
    purpose: 'A post caption whose first line earns the "See more" tap.',
    fields: {
      topic: 'Product or topic',
      audience: 'Audience',
      benefits: 'Key benefits',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Caption'],
    rules: [
      {
        label: 'Shown before "See more"',
        max: 125,
        measure: 'characters',
        part: 'Caption',
        line: true,
        soft: true,
      },
      { label: 'Facebook post', max: 63_206, measure: 'characters' },
    ],
  },
  {
    key: 'SEO',
    title: 'SEO title and meta description',
    purpose: 'A search title of about 60 characters and a meta description of about 155.',
    fields: {
      topic: 'Page topic',
      keyword: 'Main keyword',
      audience: 'Audience',
      benefits: 'What the page gives the reader',
    },
    parts: ['Title', 'Meta description', 'Slug'],
    rules: [
      { label: 'Title', max: 60, measure: 'characters', part: 'Title', line: true, soft: true },
      {
        label: 'Meta description',
        max: 155,
        measure: 'characters',
        part: 'Meta description',
        line: true,
        soft: true,
      },
    ],
  },
  {
    key: 'customerAvatar',
    title: 'Customer avatar',
    purpose: 'A profile of the one buyer your content speaks to: goals, pains, objections, words.',
    fields: {
      topic: 'Product or offer',
      audience: 'Who buys it, roughly',
      benefits: 'What it helps with',
      niche: 'Niche',
    },
    parts: [
      'Who they are',
      'Goals',
      'Pains',
      'Objections',
      'Where they spend time',
      'Words they use',
    ],
    rules: [],
  },
  {
    key: 'description',
    title: 'Product description',
    purpose: 'A benefit-led description for a review page, bio link page or listing.',
    fields: {
      topic: 'Product',
      audience: 'Audience',
      benefits: 'Key benefits',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Headline', 'Description'],
    rules: [],
  },
  {
    key: 'hasTag',
    title: 'Hashtag set',
    purpose: 'Up to 30 hashtags in broad, niche and specific tiers for one post.',
    fields: { topic: 'Post topic', niche: 'Niche', audience: 'Audience' },
    parts: ['Hashtags'],
    rules: [hashtagRule()],
  },
  {
    key: 'instagramReel',
    title: 'Instagram Reel script',
    purpose: 'A hook, scenes with on-screen text, and a caption for a short Reel.',
    fields: {
      topic: 'Reel topic',
      audience: 'Audience',
      benefits: 'Points to make',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Hook', 'Scenes', 'Caption'],
    rules: [
      { label: 'Caption', max: 2_200, measure: 'characters', part: 'Caption' },
      hashtagRule('Caption'),
    ],
  },
  {
    key: 'tiktok',
    title: 'TikTok video script',
    purpose: 'A hook in the first two seconds, a scene-by-scene script and a caption.',
    fields: {
      topic: 'Video topic',
      audience: 'Audience',
      benefits: 'Points to make',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Hook', 'Script', 'Caption'],
    rules: [{ label: 'TikTok caption', max: 4_000, measure: 'characters', part: 'Caption' }],
  },
  {
    key: 'twitterTweet',
    title: 'Tweet',
    purpose: 'A post for X (Twitter) within 280 characters.',
    fields: {
      topic: 'Topic',
      audience: 'Audience',
      benefits: 'Point to make',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: [],
    rules: [{ label: 'Tweet', max: 280, measure: 'characters' }],
  },
  {
    key: 'vsl',
    title: 'Video sales letter',
    purpose: 'A short video sales letter: hook, problem, story, offer, proof, close.',
    fields: {
      topic: 'Product or offer',
      audience: 'Audience',
      benefits: 'Key benefits',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Hook', 'Problem', 'Story', 'Offer', 'Proof', 'Close'],
    rules: [],
  },
  {
    key: 'youtube',
    title: 'YouTube video',
    purpose: 'A title within 100 characters, a description, and an outline for the video.',
    fields: {
      topic: 'Video topic',
      keyword: 'Search phrase',
      audience: 'Audience',
      benefits: 'What viewers learn',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Title', 'Outline', 'Description'],
    rules: [
      { label: 'Title', max: 100, measure: 'characters', part: 'Title', line: true },
      { label: 'Description', max: 5_000, measure: 'characters', part: 'Description' },
    ],
  },
  {
    key: 'tiktokads',
    title: 'TikTok ad',
    purpose: "An ad video script and ad text within TikTok's 100 characters.",
    fields: {
      topic: 'Product or offer',
      audience: 'Audience',
      benefits: 'Key benefits',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Hook', 'Script', 'Ad text'],
    rules: [{ label: 'Ad text', max: 100, measure: 'characters', part: 'Ad text', line: true }],
  },
  {
    key: 'instacaption',
    title: 'Instagram caption',
    purpose: 'A caption within 2,200 characters and 30 hashtags.',
    fields: {
      topic: 'Post topic',
      audience: 'Audience',
      benefits: 'Key points',
      callToAction: 'Call to action',
      niche: 'Niche',
    },
    parts: ['Caption'],
    rules: [{ label: 'Caption', max: 2_200, measure: 'characters' }, hashtagRule()],
  },
] as const satisfies readonly ScriptToolDef[]

export type ScriptToolKey = (typeof SCRIPT_TOOLS)[number]['key']
const SCRIPT_KEYS = SCRIPT_TOOLS.map((t) => t.key) as [ScriptToolKey, ...ScriptToolKey[]]
export const scriptTool = (key: string): ScriptToolDef | undefined =>
  SCRIPT_TOOLS.find((t) => t.key === key)

/** Every writing tool whose generations are kept in the history. */
export const HISTORY_TOOLS = [...SCRIPT_KEYS, 'generator', 'translator'] as const
export type HistoryTool = (typeof HISTORY_TOOLS)[number]

export const toolTitle = (key: string) =>
  key === 'generator'
    ? 'Free-form writer'
    : key === 'translator'
      ? 'Translator'
      : (scriptTool(key)?.title ?? key)

const optionalText = (label: string, max: number) =>
  z._default(
    z.string().check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters`)),
    '',
  )

const common = {
  tone: z._default(z.enum(TONES, 'Choose a tone from the list'), 'friendly'),
  language: z._default(languageSchema, 'en'),
  length: z._default(z.enum(LENGTHS, 'Choose a length: short, medium or long'), 'medium'),
  variants: z._default(
    z
      .number()
      .check(
        z.int('Variants is a whole number'),
        z.gte(1, 'Ask for at least 1 variant'),
        z.lte(MAX_VARIANTS, `Ask for at most ${MAX_VARIANTS} variants`),
      ),
    3,
  ),
}

export const scriptInputSchema = z.strictObject({
  tool: z.enum(SCRIPT_KEYS, 'Unknown tool'),
  topic: requiredText('Product or topic', 200),
  audience: optionalText('Audience', 200),
  benefits: optionalText('Key benefits', 600),
  keyword: optionalText('Keyword', 80),
  callToAction: optionalText('Call to action', 120),
  niche: z._default(z.enum(AI_NICHES, 'Choose a niche from the list'), 'other'),
  ...common,
})
export type ScriptInput = z.output<typeof scriptInputSchema>

export const generatorInputSchema = z.strictObject({
  tool: z.literal('generator'),
  prompt: requiredText('What to write', 2_000),
  ...common,
})
export type GeneratorInput = z.output<typeof generatorInputSchema>

export const writeInputSchema = z.discriminatedUnion('tool', [
  scriptInputSchema,
  generatorInputSchema,
])
export type WriteInput = z.output<typeof writeInputSchema>
export type WriteInputIn = z.input<typeof writeInputSchema>

/** The quick translator takes a message; the page translator a whole page, part by part. */
export const TRANSLATE_MAX = { text: 5_000, page: 30_000 } as const

export const translateInputSchema = z
  .strictObject({
    from: z._default(z.union([languageSchema, z.literal('auto')]), 'auto'),
    to: languageSchema,
    text: z
      .string()
      .check(
        z.minLength(1, 'Enter the text to translate'),
        z.maxLength(TRANSLATE_MAX.page, 'The text is too long for one translation: split it'),
      ),
    mode: z._default(z.enum(['text', 'page']), 'text'),
  })
  .check(
    z.refine((v) => v.text.trim().length > 0, {
      message: 'Enter the text to translate',
      path: ['text'],
    }),
    z.refine((v) => v.text.length <= TRANSLATE_MAX[v.mode], {
      message: 'The text is too long for one translation: split it',
      path: ['text'],
    }),
    z.refine((v) => v.from !== v.to, { message: 'Pick two different languages', path: ['to'] }),
    z.describe(
      `text is not blank, and at most ${TRANSLATE_MAX.text.toLocaleString('en')} characters in mode text or ${TRANSLATE_MAX.page.toLocaleString('en')} in mode page; from and to differ`,
    ),
  )
export type TranslateInput = z.output<typeof translateInputSchema>

export const CHAT_QUESTION_MAX = 1_000
export const chatInputSchema = z.strictObject({
  question: requiredText('Question', CHAT_QUESTION_MAX),
})

/** A lesson an answer drew on. */
export const sourceSchema = z.object({
  path: z.string(),
  title: z.string(),
  /** The heading of the part used, and its anchor on the lesson's page, when it has one. */
  heading: z.nullable(z.string()),
  anchor: z.nullable(z.string()),
  /** The passage itself, as the chatbot read it. */
  text: z.string(),
})
export type Source = z.infer<typeof sourceSchema>

/** Who wrote an answer: the operator's model, the built-in templates, or the course's own words. */
export const WRITERS = ['model', 'templates', 'course'] as const
export type Writer = (typeof WRITERS)[number]

/** What one streamed answer sends, as server-sent events, in order: start, sources?, deltas, end. */
export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    id: z.string(),
    writer: z.enum(WRITERS),
  }),
  z.object({ type: z.literal('sources'), sources: z.array(sourceSchema) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('end'),
    status: z.enum(['done', 'stopped', 'failed']),
    /** Why it failed, for the member; what was written before stays. */
    message: z.nullable(z.string()),
    retryAfterSeconds: z.nullable(z.number()),
    tokens: z.number(),
  }),
])
export type StreamEvent = z.infer<typeof streamEventSchema>

const usageSchema = z.object({
  requestsPerHour: z.number(),
  requestsLastHour: z.number(),
  tokensPerDay: z.number(),
  tokensLast24h: z.number(),
  /** When the next request is allowed again, if the hour's allowance is used up. */
  nextRequestAt: z.nullable(z.iso.datetime()),
})
export type AiUsage = z.infer<typeof usageSchema>

export const aiStatusSchema = z.object({
  /** The model's name when the operator has set one; null: no model (templates only). */
  model: z.nullable(z.string()),
  usage: usageSchema,
})
export type AiStatus = z.infer<typeof aiStatusSchema>

export const GENERATION_STATUSES = ['running', 'done', 'stopped', 'failed'] as const

export const generationSummarySchema = z.object({
  id: z.string(),
  tool: z.enum(HISTORY_TOOLS),
  /** The topic, prompt or first words of the text, for the list. */
  title: z.string(),
  writer: z.enum(WRITERS),
  status: z.enum(GENERATION_STATUSES),
  createdAt: z.iso.datetime(),
})
export type GenerationSummary = z.infer<typeof generationSummarySchema>

export const generationSchema = z.extend(generationSummarySchema, {
  input: z.record(z.string(), z.unknown()),
  output: z.string(),
  message: z.nullable(z.string()),
  tokens: z.number(),
})
export type Generation = z.infer<typeof generationSchema>

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['member', 'assistant']),
  text: z.string(),
  writer: z.nullable(z.enum(WRITERS)),
  status: z.enum(GENERATION_STATUSES),
  message: z.nullable(z.string()),
  sources: z.array(sourceSchema),
  createdAt: z.iso.datetime(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

/** The most kept: older generations and messages beyond these go first. */
export const MAX_HISTORY = 500
export const MAX_CHAT_MESSAGES = 400

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })

export const ai = {
  status: endpoint({
    method: 'GET',
    path: '/ai/status',
    access: 'member',
    summary: "Whether a model is set, and the member's use of their AI allowance",
    response: envelope(aiStatusSchema),
  }),
  write: streamEndpoint({
    method: 'POST',
    path: '/ai/write',
    access: 'member',
    area: 'aiTools',
    summary: 'Write with a script tool or the free-form writer, streamed as server-sent events',
    body: writeInputSchema,
    response: streamEventSchema,
  }),
  translate: streamEndpoint({
    method: 'POST',
    path: '/ai/translate',
    access: 'member',
    area: 'aiTools',
    summary: 'Translate text with the model, streamed as server-sent events',
    body: translateInputSchema,
    response: streamEventSchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/ai/history',
    access: 'member',
    area: 'aiTools',
    summary: 'The own generations, newest first, optionally of one tool',
    query: z.strictObject({
      tool: z.optional(z.enum(HISTORY_TOOLS, 'Unknown tool')),
      ...pageQuery,
    }),
    response: envelope(pageOf(generationSummarySchema)),
  }),
  generation: endpoint({
    method: 'GET',
    path: '/ai/history/:id',
    access: 'member',
    area: 'aiTools',
    summary: 'One own generation with its input and output',
    params: idParams,
    response: envelope(generationSchema),
  }),
  removeGeneration: endpoint({
    method: 'DELETE',
    path: '/ai/history/:id',
    access: 'member',
    area: 'aiTools',
    summary: 'Delete one own generation',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
  chat: endpoint({
    method: 'GET',
    path: '/chatbot',
    access: 'member',
    area: 'chatbot',
    summary: 'The own conversation with the course chatbot, oldest first',
    response: envelope(z.array(chatMessageSchema)),
  }),
  ask: streamEndpoint({
    method: 'POST',
    path: '/chatbot',
    access: 'member',
    area: 'chatbot',
    summary: 'Ask the chatbot: answered from the lessons the member may open, streamed',
    body: chatInputSchema,
    response: streamEventSchema,
  }),
  clearChat: endpoint({
    method: 'DELETE',
    path: '/chatbot',
    access: 'member',
    area: 'chatbot',
    summary: 'Clear the own conversation',
    response: envelope(z.object({ removed: z.number() })),
  }),
}

/**
 * A labelled part of a variant: after `line` only the `Title: …` line itself, otherwise from the
 * label to the variant's end (so rules measure that way only a tool's last part).
 */
export function partOf(text: string, label: string, line = false): string | null {
  const lines = text.split('\n')
  const start = lines.findIndex((l) =>
    l
      .replace(/^[*#\s]+/, '')
      .toLowerCase()
      .startsWith(`${label.toLowerCase()}:`),
  )
  if (start < 0) return null
  const first = lines[start]!.replace(/^[*#\s]+/, '')
    .slice(label.length + 1)
    .replace(/^\**\s*/, '')
  if (line) return first.trim()
  return [first, ...lines.slice(start + 1)].join('\n').trim()
}

export const countCharacters = (text: string) => [...text].length
export const countHashtags = (text: string) =>
  text.match(/(^|[^\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu)?.length ?? 0

export interface RuleCheck {
  label: string
  count: number
  max: number
  over: boolean
  soft: boolean
}

/** How a variant stands against its tool's platform rules (a part that is missing is skipped). */
export function checkRules(rules: readonly PlatformRule[], variant: string): RuleCheck[] {
  const checks: RuleCheck[] = []
  for (const rule of rules) {
    const scope = rule.part ? partOf(variant, rule.part, rule.line) : variant
    if (scope === null) continue
    const count = rule.measure === 'hashtags' ? countHashtags(scope) : countCharacters(scope)
    checks.push({
      label: rule.label,
      count,
      max: rule.max,
      over: count > rule.max,
      soft: Boolean(rule.soft),
    })
  }
  return checks
}

/** The line that starts each variant after the first in a multi-variant answer. */
export const variantHeading = (n: number) => `### Variant ${n}`
const VARIANT_LINE = /^\s*#{1,4}\s*\**\s*Variant\s+(\d+)\s*\**\s*:?\s*$/im

/** Splits an answer into its variants at `### Variant N` lines; text before the first is kept. */
export function splitVariants(text: string): string[] {
  const parts = text.split(new RegExp(VARIANT_LINE.source, 'gim'))
  // split() with a capture group interleaves the numbers: [before, n, body, n, body, …]
  const variants: string[] = []
  if (parts[0]!.trim()) variants.push(parts[0]!.trim())
  for (let i = 2; i < parts.length; i += 2) {
    const body = parts[i]!.trim()
    if (body) variants.push(body)
  }
  return variants
}
