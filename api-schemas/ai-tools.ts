import { z } from 'zod/mini'

/**
 * The AI writing tools' catalogue: the languages, tones and lengths a member picks from, the
 * twelve script tools of `/admin/aiscript/{key}` with the platform rules each answer is checked
 * against, and the tools whose generations are kept. The requests and answers are in ai.ts.
 */

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
export const LANGUAGE_CODES = LANGUAGES.map(([code]) => code) as [LanguageCode, ...LanguageCode[]]
export const languageName = (code: string) => LANGUAGES.find(([c]) => c === code)?.[1] ?? code
export const languageSchema = z.enum(LANGUAGE_CODES, 'Choose a language from the list')

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
export const SCRIPT_KEYS = SCRIPT_TOOLS.map((t) => t.key) as [ScriptToolKey, ...ScriptToolKey[]]
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
