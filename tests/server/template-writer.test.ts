import { describe, expect, it } from 'vitest'

import {
  AI_NICHES,
  SCRIPT_TOOLS,
  type WriteInput,
  checkRules,
  countHashtags,
  partOf,
  splitVariants,
  writeInputSchema,
} from '../../api-schemas/ai'
import { writeFromTemplates } from '../../server/services/ai/template-writer'

const TOOLS = [...SCRIPT_TOOLS.map((t) => t.key), 'generator'] as const
type ToolKey = (typeof TOOLS)[number]

/** Repeats `text` up to exactly `max` characters (often cutting the last word, as members do). */
const atMax = (text: string, max: number) => text.repeat(Math.ceil(max / text.length)).slice(0, max)

const parse = (input: Record<string, unknown>): WriteInput => writeInputSchema.parse(input)

function minimal(tool: ToolKey, extra: Record<string, unknown> = {}): WriteInput {
  return parse(
    tool === 'generator'
      ? { tool, prompt: 'Write a Facebook post about keto meal prep for busy parents.', ...extra }
      : { tool, topic: 'keto meal prep', ...extra },
  )
}

function maximal(tool: ToolKey, extra: Record<string, unknown> = {}): WriteInput {
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
const all = (variants: string[]) => variants.join('\n\n')

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
const LINKING = [
  'facebookcaption',
  'instacaption',
  'instagramReel',
  'tiktok',
  'twitterTweet',
  'description',
  'youtube',
  'vsl',
  'tiktokads',
  'generator',
] as const

function expectWellFormed(tool: ToolKey, input: WriteInput, variants: string[]) {
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

describe('writeFromTemplates', () => {
  for (const tool of TOOLS) {
    describe(tool, () => {
      it('writes well-formed variants from the topic alone', () => {
        const input = minimal(tool)
        expectWellFormed(tool, input, writeFromTemplates(input, 1))
      })

      it('keeps every rule with every field at its longest', () => {
        for (const seed of [0, 7, 123_456]) {
          const input = maximal(tool)
          expectWellFormed(tool, input, writeFromTemplates(input, seed))
        }
      })

      it('writes every tone, length and niche without holes', () => {
        for (const tone of ['friendly', 'professional', 'bold', 'playful', 'urgent'])
          for (const length of ['short', 'medium', 'long'])
            for (const niche of AI_NICHES) {
              const input = minimal(tool, {
                tone,
                length,
                variants: 5,
                ...(tool === 'generator' ? {} : { niche }),
              })
              expectWellFormed(tool, input, writeFromTemplates(input, tone.length + length.length))
            }
      })

      it('is deterministic for a seed, and another seed changes the set', () => {
        const input = minimal(tool, { variants: 5 })
        expect(writeFromTemplates(input, 42)).toEqual(writeFromTemplates(input, 42))
        expect(writeFromTemplates(input, 42)).not.toEqual(writeFromTemplates(input, 43))
      })

      it('round-trips through the variant headings', () => {
        const variants = writeFromTemplates(maximal(tool), 3)
        const joined = variants.map((v, i) => (i ? `### Variant ${i + 1}\n${v}` : v)).join('\n\n')
        expect(splitVariants(joined)).toEqual(variants)
      })

      it('writes more for a long length than for a short one', () => {
        const text = (length: string) =>
          all(writeFromTemplates(minimal(tool, { length, variants: 3 }), 5))
        expect(text('long').length).toBeGreaterThan(text('short').length)
      })

      if (tool !== 'hasTag' && tool !== 'customerAvatar') {
        it('changes its wording with the tone', () => {
          const text = (tone: string) => writeFromTemplates(minimal(tool, { tone }), 9)
          expect(text('friendly')).not.toEqual(text('bold'))
          expect(text('professional')).not.toEqual(text('playful'))
        })
      }
    })
  }
})

describe('what the copy may say', () => {
  it('discloses the affiliate link wherever it points to one', () => {
    for (const tool of LINKING)
      for (const input of [minimal(tool, { variants: 5 }), maximal(tool)])
        for (const v of writeFromTemplates(input, 11)) {
          expect(/#ad\b/.test(v) || /affiliate/i.test(v), `${tool}: ${v}`).toBe(true)
        }
  })

  it('says it is not medical advice in health copy', () => {
    const published = LINKING.filter((t) => t !== 'generator')
    for (const tool of published)
      for (const v of writeFromTemplates(minimal(tool, { niche: 'health', variants: 5 }), 2))
        expect(v.toLowerCase(), `${tool}: ${v}`).toContain('not medical advice')
    const generator = parse({ tool: 'generator', prompt: 'A post about keto diet for beginners' })
    for (const v of writeFromTemplates({ ...generator, variants: 5 }, 2))
      expect(v.toLowerCase()).toContain('not medical advice')
  })

  it('invents no figures: numbers only count steps, points or scenes', () => {
    for (const tool of TOOLS)
      for (const niche of AI_NICHES)
        for (const v of writeFromTemplates(
          minimal(tool, {
            variants: 5,
            length: 'long',
            ...(tool === 'generator' ? {} : { niche }),
          }),
          4,
        ))
          expect(v, `${tool}: ${v}`).not.toMatch(/\d{2,}|\d+\s*(k|x|hours?|minutes?)\b/i)
  })

  it('keeps tweets within 280 characters with the longest inputs', () => {
    for (const seed of [1, 2, 3, 4, 5])
      for (const v of writeFromTemplates(maximal('twitterTweet'), seed))
        expect([...v].length).toBeLessThanOrEqual(280)
  })

  it('leaves no hole when optional fields are empty', () => {
    const input = parse({ tool: 'description', topic: 'keto meal prep', callToAction: '' })
    for (const v of writeFromTemplates({ ...input, variants: 5 }, 8)) {
      expect(v).not.toMatch(/Benefits:|Audience:|for \.|with \./)
    }
  })

  it('frames the customer avatar as an assumption to check', () => {
    for (const v of writeFromTemplates(minimal('customerAvatar', { variants: 5 }), 6)) {
      expect(v).toMatch(/assumption/i)
      expect(v).toContain('Check this against real comments and questions in your niche')
    }
  })

  it('builds a free-form draft around the subject of the request', () => {
    const variants = writeFromTemplates(minimal('generator', { variants: 5 }), 0)
    for (const v of variants) expect(v).toMatch(/keto meal prep/i)
    expect(variants.some((v) => v.startsWith('AIDA draft:'))).toBe(true)
    expect(variants.some((v) => v.startsWith('PAS draft:'))).toBe(true)
    expect(variants.some((v) => v.startsWith('BAB draft:'))).toBe(true)
    expect(variants.some((v) => v.startsWith('Hooks to test:'))).toBe(true)
  })
})

describe('hashtags', () => {
  const tagsOf = (v: string) => v.match(/#[\p{L}\p{N}_]+/gu) ?? []

  it('gives up to 30 tags, without duplicates, in tiers', () => {
    for (const niche of AI_NICHES)
      for (const length of ['short', 'medium', 'long'])
        for (const v of writeFromTemplates(minimal('hasTag', { niche, length, variants: 5 }), 3)) {
          const tags = tagsOf(v)
          expect(countHashtags(v)).toBe(tags.length)
          expect(tags.length).toBeLessThanOrEqual(30)
          expect(tags.length).toBeGreaterThanOrEqual(10)
          expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length)
          expect(v.split('\n').length).toBeGreaterThanOrEqual(3)
        }
  })

  it('takes tags from the topic and keyword', () => {
    const input = minimal('hasTag', { topic: 'oak cutting boards', keyword: 'end grain board' })
    const tags = writeFromTemplates(input, 1)[0]!
    expect(tags).toContain('#EndGrainBoard')
    expect(tags).toContain('#OakCuttingBoards')
  })

  it('uses other tags for other niches', () => {
    const set = (niche: string) =>
      new Set(
        tagsOf(writeFromTemplates(minimal('hasTag', { niche, length: 'long' }), 1)[0]!).map((t) =>
          t.toLowerCase(),
        ),
      )
    const health = set('health')
    const wood = set('woodworking')
    const shared = [...health].filter((t) => wood.has(t))
    expect(shared.length).toBeLessThanOrEqual(4)
    expect(health.has('#healthyeating') || health.has('#wellness')).toBe(true)
    expect(wood.has('#woodworking') || wood.has('#woodshop')).toBe(true)
  })

  it('keeps captions within 30 tags, the #ad included', () => {
    for (const tool of ['instacaption', 'facebookcaption', 'instagramReel', 'tiktok'] as const)
      for (const v of writeFromTemplates(maximal(tool), 2)) {
        expect(countHashtags(v)).toBeLessThanOrEqual(30)
        expect(v).toMatch(/#ad\b/)
      }
  })
})
