import { describe, expect, it } from 'vitest'

import { partOf } from '@schemas/ai'

import { writeFromTemplates } from '../../server/services/ai/template-writer'
import { expectWellFormed, parse, REPEATED_PHRASE } from './template-writer-fixtures'

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
