import { z } from 'zod/mini'

import { requiredName, requiredText } from './contract'
import { NICHES, POST_FORMATS } from './niches'

/** A short id in addresses and lists: lowercase letters, digits and single dashes. */
const slugSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Slug is required'),
    z.maxLength(80, 'Slug is at most 80 characters'),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug holds lowercase letters, digits and dashes'),
  )

/** A list of short texts, at least `min` and at most `max` of them. */
const textList = (label: string, itemMax: number, min: number, max: number) =>
  z
    .array(requiredText(label, itemMax))
    .check(
      z.minLength(min, `${label}: at least ${min}`),
      z.maxLength(max, `${label}: at most ${max}`),
    )

/** One viral post idea: a hook formula, why it works, how to make it and a worked example. */
export const viralIdeaSchema = z.strictObject({
  slug: slugSchema,
  title: requiredName('Title', 80),
  format: z.enum(POST_FORMATS, 'Choose a post format'),
  /** The formula, with the blanks to fill in square brackets: "Stop doing [habit] if you want [result]". */
  hook: requiredText('Hook', 160),
  whyItWorks: requiredText('Why it works', 400),
  steps: textList('Steps', 200, 3, 7),
  example: z.strictObject({
    niche: z.enum(NICHES, 'Choose a niche'),
    hook: requiredText('Example hook', 200),
    outline: requiredText('Example outline', 600),
  }),
  mistakes: textList('Mistakes', 200, 1, 4),
  /** What the idea is good at: "reach", "saves", "comments", "list growth". */
  bestFor: textList('Best for', 60, 1, 4),
})
export type ViralIdea = z.infer<typeof viralIdeaSchema>

/** content/viral/ideas.yaml. */
export const viralFileSchema = z.strictObject({
  title: requiredName('Title', 80),
  intro: requiredText('Intro', 600),
  ideas: z.array(viralIdeaSchema),
})
export type ViralFile = z.infer<typeof viralFileSchema>

/** One day of a quick-start plan. */
const planDaySchema = z.strictObject({
  day: z.int().check(z.gte(1, 'Day is 1 to 7'), z.lte(7, 'Day is 1 to 7')),
  task: requiredText('Task', 160),
  detail: requiredText('Detail', 500),
})

/** A 7-day quick-start plan: one offer type, one free traffic channel, a task a day. */
export const quickPlanSchema = z.strictObject({
  slug: slugSchema,
  title: requiredName('Title', 80),
  /** A marketplace category, such as "Health & Fitness" or "Digistore24 marketplace". */
  offerType: requiredText('Offer type', 120),
  /** The one free traffic channel the plan uses, such as "Pinterest". */
  traffic: requiredText('Traffic', 80),
  summary: requiredText('Summary', 300),
  whoFor: requiredText('Who it is for', 200),
  days: z.array(planDaySchema).check(
    z.length(7, 'A plan has exactly 7 days'),
    z.refine((days) => days.every((d, i) => d.day === i + 1), 'Days run from 1 to 7 in order'),
  ),
  checklist: textList('Checklist', 160, 3, 8),
  /** Platform rules, disclosure, refund and quality checks. */
  watchOut: textList('Watch out', 200, 1, 4),
})
export type QuickPlan = z.infer<typeof quickPlanSchema>

/** content/quickcash/plans.yaml. */
export const quickCashFileSchema = z.strictObject({
  title: requiredName('Title', 80),
  intro: requiredText('Intro', 600),
  plans: z.array(quickPlanSchema),
})
export type QuickCashFile = z.infer<typeof quickCashFileSchema>

/** The longest Instagram bio, in characters as Instagram counts them. */
export const BIO_MAX = 150

/**
 * A text's length as Instagram's bio field counts it: a line break counts one, even as \r\n, and
 * everything else counts UTF-16 code units, so an emoji such as 💪 counts 2.
 */
export function instagramLength(text: string): number {
  return text.replace(/\r\n/g, '\n').length
}

/** The placeholders a bio template may hold; each counts as its own letters. */
export const BIO_PLACEHOLDERS = ['{topic}', '{audience}', '{freebie}'] as const

/** One Instagram bio to adapt, for one niche. */
export const bioTemplateSchema = z.strictObject({
  niche: z.enum(NICHES, 'Choose a niche'),
  /** A label for the kind of bio, such as "Coach with a free guide". */
  name: requiredName('Name', 60),
  bio: z.string().check(
    z.trim(),
    z.minLength(1, 'Bio is required'),
    z.refine(
      (bio) => instagramLength(bio) <= BIO_MAX,
      `A bio is at most ${BIO_MAX} characters, as Instagram counts them`,
    ),
    z.refine(
      (bio) => !/[{}]/.test(bio.replace(/\{(?:topic|audience|freebie)\}/g, '')),
      `Curly braces hold only the placeholders ${BIO_PLACEHOLDERS.join(', ')}`,
    ),
  ),
  /** When to use it. */
  why: requiredText('Why', 240),
})
export type BioTemplate = z.infer<typeof bioTemplateSchema>

/** content/instagram/bio-templates.yaml. */
export const bioTemplatesFileSchema = z.strictObject({
  templates: z.array(bioTemplateSchema),
})
