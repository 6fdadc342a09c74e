import { describe, expect, it } from 'vitest'

import {
  AI_NICHES,
  checkRules,
  countHashtags,
  partOf,
  SCRIPT_TOOLS,
  splitVariants,
  writeInputSchema,
  type WriteInput,
} from '@schemas/ai'

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

/** Every line's immediately repeated phrase of three or more words ("for beginners for beginners"). */
const REPEATED_PHRASE =
  /(?<![\p{L}\p{N}'-])((?:[\p{L}\p{N}'-]+ ){2,}[\p{L}\p{N}'-]+) \1(?![\p{L}\p{N}'-])/iu
const FILLER = [
  /motivation dips/i,
  /the basics, in plain words/i,
  /who it suits, and who should skip it/i,
  /you will find how to/i,
]

const generate = (prompt: string, extra: Record<string, unknown> = {}) =>
  writeFromTemplates(parse({ tool: 'generator', prompt, variants: 3, ...extra }), 7)

/** One request per format the free-form writer knows, and one that names none. */
const REQUESTS = {
  welcome: 'Write a welcome email for people who downloaded my free keto meal plan',
  launch:
    'Write an email to my subscribers announcing my new course on sourdough baking. ' +
    'Mention the bonus recipes and the private group. Invite them to join the waitlist.',
  thanks: 'Write a thank you email for customers who bought my woodworking plans',
  followup: 'Write a follow-up email for people who attended my webinar on budgeting',
  newsletter: 'Write a newsletter about healthy sleep habits',
  post: 'Write a Facebook post about keto meal prep for busy parents.',
  linkedin: 'Draft a LinkedIn post on remote work tips for managers',
  instagram: 'I need an Instagram caption for my new yoga mat, friendly and short',
  tweet: 'write a tweet about saving money on groceries',
  thread: 'Write a Twitter thread about affiliate marketing mistakes',
  bio: 'Write an Instagram bio for a keto coach who helps busy moms',
  ad: 'Write a Facebook ad for my side hustle ebook aimed at stay-at-home moms',
  tiktokAd: 'please write me an ad for my woodworking course on tiktok',
  description: 'Write a product description for a handmade oak cutting board',
  tiktok: 'Write a TikTok script about easy date night ideas for couples',
  youtube: 'Write a YouTube video script explaining how to start woodworking in a small garage',
  vsl: 'Write a video sales letter for my dating course for shy men',
  headlines: 'Give me 5 headlines for my sourdough course',
  subjectLines: 'Write catchy subject lines for a Black Friday sale on my woodworking plans',
  hooks: 'Write hooks for a reel about morning routines',
  blog: 'Write a blog post about how to save for a house',
  intro: 'Write a blog intro about gut health for beginners',
  none: 'Help me sell my dog training course to new dog owners',
} as const

describe('the free-form writer', () => {
  it('writes the welcome email a request asks for, to the readers it names', () => {
    const variants = generate(REQUESTS.welcome)
    for (const v of variants) {
      const subject = partOf(v, 'Subject line', true)
      expect(subject, v).toBeTruthy()
      expect(subject).not.toMatch(/people who/i)
      expect(v).toMatch(/^(Hi|Hello|Hey|Dear)\b.*[,!]$/m)
      expect(v).toMatch(/^P\.S\. /m)
      expect(v).toMatch(/^\[Your name\]$/m)
      expect(v).toContain('thank you for downloading my free keto meal plan')
      expect(v).toMatch(/your free keto meal plan/i)
      expect(v).not.toMatch(/#\w*(people|downloaded|write)/i)
      expect(v).not.toMatch(/\bdraft:/i)
      expect(v.toLowerCase()).toContain('not medical advice')
    }
  })

  it('reads the subject, audience, points and call to action of a request', () => {
    for (const v of generate(REQUESTS.launch)) {
      expect(partOf(v, 'Subject line', true)).toMatch(/my new course on sourdough baking/i)
      expect(v).toMatch(/^- The bonus recipes$/m)
      expect(v).toMatch(/^- The private group$/m)
      expect(v).toContain('Join the waitlist.')
    }
    for (const v of generate(REQUESTS.followup)) expect(v).toContain('my webinar on budgeting')
    for (const v of generate(REQUESTS.thanks))
      expect(v).toContain('Thank you for buying my woodworking plans')
    for (const v of generate(REQUESTS.bio))
      expect(partOf(v, 'Bio', true)).toMatch(/Keto coach who helps busy moms/)
  })

  it('gives a numbered list for headlines, as many as asked', () => {
    for (const v of generate(REQUESTS.headlines)) {
      const items = v.split('\n').filter((line) => /^\d+\. /.test(line))
      expect(items, v).toHaveLength(5)
      expect(new Set(items.map((i) => i.replace(/^\d+\. /, '').toLowerCase())).size).toBe(5)
      for (const item of items) expect(item).toMatch(/sourdough course/i)
      expect(v).not.toMatch(/\bdraft:/i)
    }
    for (const length of ['short', 'long'])
      for (const v of generate(REQUESTS.subjectLines, { length })) {
        expect(v).toMatch(/^Subject lines for /)
        const items = v.split('\n').filter((line) => /^\d+\. /.test(line))
        expect(items).toHaveLength(length === 'short' ? 5 : 9)
      }
    for (const v of generate(REQUESTS.hooks)) expect(v).toMatch(/^Hooks for morning routines:$/m)
  })

  it('writes each format in its own shape', () => {
    const shapes: [keyof typeof REQUESTS, RegExp[]][] = [
      ['newsletter', [/^Subject line: /m, /^In this issue:$/m, /^P\.S\. /m]],
      ['post', [/^(?!Caption:)/, /#ad\b/, /#KetoMealPrep\b/]],
      ['linkedin', [/#ad\b/, /remote work tips/i]],
      ['instagram', [/in my bio/, /my new yoga mat/i]],
      ['thread', [/^1\/ /m, /^2\/ /m, /#ad\b/]],
      ['bio', [/^Bio: /m]],
      ['ad', [/^Primary text: /m, /^Headline: /m, /^Button: /m, /#ad\b/]],
      ['tiktokAd', [/^Hook: /m, /^Script:$/m, /^Ad text: /m]],
      ['description', [/^Headline: /m, /^Description: /m]],
      ['tiktok', [/^Hook: /m, /^Script:$/m, /^Caption: /m]],
      ['youtube', [/^Title: /m, /^Outline:$/m, /^Description: /m]],
      ['vsl', [/^Hook: /m, /^Offer: /m, /^Close: /m]],
      ['blog', [/^Headline: /m, /^Intro: /m, /^Outline:$/m, /^Conclusion: /m]],
      ['intro', [/^Headline: /m, /^Intro: /m]],
    ]
    for (const [name, patterns] of shapes)
      for (const v of generate(REQUESTS[name])) {
        for (const pattern of patterns) expect(v, `${name}: ${v}`).toMatch(pattern)
        expect(v, name).not.toMatch(/^(AIDA|PAS|BAB) draft:/m)
      }
    for (const v of generate(REQUESTS.tweet, { length: 'long', variants: 5 }))
      expect([...v].length).toBeLessThanOrEqual(280)
  })

  it('writes every format well-formed in every tone and length, with its disclosure', () => {
    for (const [name, prompt] of Object.entries(REQUESTS))
      for (const tone of ['friendly', 'professional', 'bold', 'playful', 'inspiring', 'urgent'])
        for (const length of ['short', 'medium', 'long']) {
          const input = parse({ tool: 'generator', prompt, tone, length, variants: 5 })
          const variants = writeFromTemplates(input, tone.length * 7 + length.length)
          expectWellFormed('generator', input, variants)
          for (const v of variants) {
            expect(/#ad\b/.test(v) || /affiliate/i.test(v), `${name}: ${v}`).toBe(true)
            expect(v, `${name}: ${v}`).not.toMatch(REPEATED_PHRASE)
            expect(v, `${name}: ${v}`).not.toMatch(/this topic/)
          }
        }
  })

  it('is deterministic for a seed, with other wording for other seeds', () => {
    for (const prompt of Object.values(REQUESTS)) {
      const input = parse({ tool: 'generator', prompt, variants: 3 })
      expect(writeFromTemplates(input, 5)).toEqual(writeFromTemplates(input, 5))
      expect(writeFromTemplates(input, 5)).not.toEqual(writeFromTemplates(input, 6))
    }
  })

  it('makes hashtags from the meaningful words of the subject only', () => {
    const tagsOf = (v: string) => v.match(/#[\p{L}\p{N}_]+/gu) ?? []
    const prompts = [
      'Write a Facebook post for people who downloaded my free keto meal plan',
      'Write an Instagram caption about how to write my first ebook for people who want extra income',
      'Help me promote my sourdough starter kit to busy parents',
    ]
    for (const prompt of prompts)
      for (const v of generate(prompt, { variants: 5 }))
        for (const tag of tagsOf(v)) {
          expect(tag, `${prompt}: ${v}`).not.toMatch(
            /^#(people|write|writing|my|your|free|downloaded|promote|help|how)|(people|downloaded|write)/i,
          )
          // at most three CamelCased words
          expect(tag.match(/\p{Lu}/gu)?.length ?? 0).toBeLessThanOrEqual(3)
        }
    const post = generate('Write a Facebook post for people who downloaded my free keto meal plan')
    expect(post.some((v) => v.includes('#KetoMealPlan'))).toBe(true)
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
