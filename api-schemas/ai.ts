import { z } from 'zod/mini'

import {
  AI_NICHES,
  HISTORY_TOOLS,
  languageSchema,
  LENGTHS,
  MAX_VARIANTS,
  SCRIPT_KEYS,
  TONES,
} from './ai-tools'
import {
  endpoint,
  envelope,
  pageOf,
  pageQuery,
  requiredText,
  streamEndpoint,
  withThousands,
} from './contract'

export * from './ai-tools'
export * from './ai-text'

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
      `text is not blank, and at most ${withThousands(TRANSLATE_MAX.text)} characters in mode text or ${withThousands(TRANSLATE_MAX.page)} in mode page; from and to differ`,
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
    title: 'AI status and allowance',
    summary: "Whether a model is set, and the member's use of their AI allowance",
    response: envelope(aiStatusSchema),
  }),
  write: streamEndpoint({
    method: 'POST',
    path: '/ai/write',
    access: 'member',
    area: 'aiTools',
    title: 'Write with AI',
    summary: 'Write with a script tool or the free-form writer, streamed as server-sent events',
    body: writeInputSchema,
    response: streamEventSchema,
  }),
  translate: streamEndpoint({
    method: 'POST',
    path: '/ai/translate',
    access: 'member',
    area: 'aiTools',
    title: 'Translate with AI',
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
