import { expect } from 'vitest'

import { checkRules, partOf, SCRIPT_TOOLS, writeInputSchema, type WriteInput } from '@schemas/ai'

export const TOOLS = [...SCRIPT_TOOLS.map((t) => t.key), 'generator'] as const
export type ToolKey = (typeof TOOLS)[number]

/** Repeats `text` up to exactly `max` characters (often cutting the last word, as members do). */
const atMax = (text: string, max: number) => text.repeat(Math.ceil(max / text.length)).slice(0, max)

export const parse = (input: Record<string, unknown>): WriteInput => writeInputSchema.parse(input)

export function minimal(tool: ToolKey, extra: Record<string, unknown> = {}): WriteInput {
  return parse(
    tool === 'generator'
      ? { tool, prompt: 'Write a Facebook post about keto meal prep for busy parents.', ...extra }
      : { tool, topic: 'keto meal prep', ...extra },
  )
}

export function maximal(tool: ToolKey, extra: Record<string, unknown> = {}): WriteInput {
  const common = { tone: 'inspiring', length: 'long', variants: 5, language: 'de', ...extra }
  if (tool === 'generator') {
    const prompt = atMax(
      'Please write an email for beginners about woodworking plans for small garages, ' +
        'friendly and clear, with a strong opening and a gentle close. ',
      2_000,
    )
    return parse({ tool, prompt, ...common })
  }
  return parse({
    tool,
    topic: atMax(
      'Beginner woodworking plans for small garage workshops and weekend builders ',
      200,
    ),
    audience: atMax(
      'Retired teachers and busy parents who want a calm creative hobby at home ',
      200,
    ),
    benefits: atMax(
      'Step by step cut lists, clear drawings for every joint\nProjects that fit a small space; ' +
        'Beginner tool lists, ',
      600,
    ),
    keyword: atMax('woodworking plans for beginners ', 80),
    callToAction: atMax(
      'Tap the link to see the full set of plans and pick your first project ',
      120,
    ),
    niche: 'woodworking',
    ...common,
  })
}

const partsOf = (tool: ToolKey): readonly string[] =>
  SCRIPT_TOOLS.find((t) => t.key === tool)?.parts ?? []
const rulesOf = (tool: ToolKey) => SCRIPT_TOOLS.find((t) => t.key === tool)?.rules ?? []

const HOLES = [
  /\bundefined\b/,
  /\bnull\b/,
  /\bNaN\b/,
  /[{}]/,
  / for \./,
  / for ,/,
  /: \n/,
  /: $/m,
  / {2}/,
  /\(\s*\)/,
  /""/,
  /\.\./,
  / [.,;!?]/,
]
const BANNED = [
  /\$/,
  /€/,
  /£/,
  /%/,
  /guarantee/i,
  /get rich/i,
  /\bcure[sd]?\b/i,
  /overnight/i,
  /risk-free/i,
  /testimonial/i,
  /\bI tried\b/i,
]

export function expectWellFormed(tool: ToolKey, input: WriteInput, variants: string[]) {
  expect(variants).toHaveLength(input.variants)
  expect(new Set(variants).size).toBe(variants.length)
  for (const v of variants) {
    expect(v.trim()).toBe(v)
    expect(v.length).toBeGreaterThan(20)
    for (const hole of HOLES) expect(v, `${tool} ${hole}`).not.toMatch(hole)
    for (const word of BANNED) expect(v, `${tool} ${word}`).not.toMatch(word)
    expect(v).not.toMatch(/^#{1,4}\s*\**\s*Variant/im)
    const starts = partsOf(tool).map((label) =>
      v.split('\n').findIndex((line) => line.startsWith(`${label}: `) || line === `${label}:`),
    )
    expect(
      starts.every((s) => s >= 0),
      `${tool} parts in ${v}`,
    ).toBe(true)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    for (const label of partsOf(tool)) expect(partOf(v, label)).toBeTruthy()
    const over = checkRules(rulesOf(tool), v).filter((c) => c.over)
    expect(over, `${tool}: ${v}`).toEqual([])
  }
}

/** Every line's immediately repeated phrase of three or more words ("for beginners for beginners"). */
export const REPEATED_PHRASE =
  /(?<![\p{L}\p{N}'-])((?:[\p{L}\p{N}'-]+ ){2,}[\p{L}\p{N}'-]+) \1(?![\p{L}\p{N}'-])/iu
