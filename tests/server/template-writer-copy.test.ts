import { describe, expect, it } from 'vitest'

import { AI_NICHES, countHashtags, partOf } from '@schemas/ai'

import { writeFromTemplates } from '../../server/services/ai/template-writer'
import { maximal, minimal, parse, REPEATED_PHRASE, TOOLS } from './template-writer-fixtures'

/** The tools whose copy points to an affiliate link. */
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

/** Stock phrases that would fit any topic and say nothing about this one. */
const FILLER = [
  /motivation dips/i,
  /the basics, in plain words/i,
  /who it suits, and who should skip it/i,
  /you will find how to/i,
]

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

  it('builds framework drafts around the subject of a request that names no format', () => {
    const input = parse({
      tool: 'generator',
      prompt: 'Keto meal prep for busy parents',
      variants: 5,
    })
    const variants = writeFromTemplates(input, 0)
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

describe('copy without repeats or filler', () => {
  const sourdough = {
    topic: 'Sourdough starter for beginners',
    audience: 'busy parents',
  }

  it('never repeats a phrase back to back, even when the topic names beginners', () => {
    for (const tool of TOOLS)
      for (const extra of [
        sourdough,
        { topic: 'Sourdough starter for beginners', audience: 'beginners' },
        { ...sourdough, keyword: 'sourdough for beginners' },
      ])
        for (const length of ['short', 'medium', 'long'])
          for (const v of writeFromTemplates(
            tool === 'generator'
              ? parse({
                  tool,
                  prompt: 'Write a post about sourdough starter for beginners',
                  length,
                  variants: 5,
                })
              : parse({ tool, ...extra, length, variants: 5 }),
            3,
          )) {
            expect(v, `${tool}: ${v}`).not.toMatch(/for beginners for beginners/i)
            expect(v, `${tool}: ${v}`).not.toMatch(REPEATED_PHRASE)
            expect(v, `${tool}: ${v}`).not.toMatch(/beginners?\b[^\n]*beginner's guide/i)
          }
  })

  it('writes points about the topic, not filler, when no benefits are given', () => {
    for (const tool of TOOLS)
      for (const niche of AI_NICHES)
        for (const length of ['short', 'medium', 'long'])
          for (const v of writeFromTemplates(
            tool === 'generator'
              ? parse({
                  tool,
                  prompt: 'Write a Facebook post about sourdough starter',
                  length,
                  variants: 5,
                })
              : parse({ tool, ...sourdough, niche, length, variants: 5 }),
            2,
          ))
            for (const filler of FILLER) expect(v, `${tool}: ${v}`).not.toMatch(filler)
    const caption = writeFromTemplates(
      parse({ tool: 'facebookcaption', ...sourdough, length: 'long' }),
      1,
    )
    for (const v of caption) expect(v).toMatch(/^✅ .*sourdough starter/im)
  })

  it('writes a natural SEO meta description that names the keyword', () => {
    for (const tone of ['friendly', 'professional', 'bold', 'playful', 'inspiring', 'urgent'])
      for (const length of ['short', 'medium', 'long'])
        for (const keyword of ['', 'sourdough starter'])
          for (const v of writeFromTemplates(
            parse({ tool: 'SEO', ...sourdough, keyword, tone, length, variants: 5 }),
            tone.length,
          )) {
            const meta = partOf(v, 'Meta description', true)!
            expect(meta.toLowerCase(), v).toContain(keyword || 'sourdough starter for beginners')
            for (const filler of FILLER) expect(meta).not.toMatch(filler)
            expect(meta).toMatch(/[.!?]$/)
            expect(partOf(v, 'Title', true)).not.toMatch(/beginners?\b.*beginner/i)
            expect(partOf(v, 'Slug', true)).not.toMatch(/beginners.*beginners/)
          }
  })
})
