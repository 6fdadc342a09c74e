import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'
import { NICHES } from '@schemas/niches'
import { BIO_MAX, bioTemplateSchema, instagramLength } from '@schemas/tool-content'

import { ContentError } from '../../server/services/course-content'
import { readToolContent } from '../../server/services/tool-content'
import { bearer, createTestApp, type TestApp } from './helpers'

const contentDir = resolve(import.meta.dirname, '../../content')
const { viral, quickCash, bioTemplates } = readToolContent(contentDir)

// Anywhere in the tools' content: an amount of money, a testimonial, a cure.
const anywhere = [/[$€£]\s?\d/, /\btestimonial/i, /\b(?:cure|cures|cured)\b/i]
// In what a post or a profile says to its audience (advice may warn of "guaranteed income" scams).
const promises = [/\bguarantee/i, /\bget rich\b/i, /\bpassive income in\b/i]

describe('viral post ideas', () => {
  it('has at least 30 ideas over at least 8 formats, with examples from every niche', () => {
    expect(viral.ideas.length).toBeGreaterThanOrEqual(30)
    expect(new Set(viral.ideas.map((i) => i.format)).size).toBeGreaterThanOrEqual(8)
    expect(new Set(viral.ideas.map((i) => i.example.niche))).toEqual(new Set(NICHES))
  })

  it('uses each slug once and gives every hook formula a blank to fill in', () => {
    expect(new Set(viral.ideas.map((i) => i.slug)).size).toBe(viral.ideas.length)
    for (const idea of viral.ideas) expect(idea.hook, idea.slug).toMatch(/\[[^\]]+\]/)
  })
})

describe('quick-start plans', () => {
  it('has at least 12 plans of 7 days each, in order', () => {
    expect(quickCash.plans.length).toBeGreaterThanOrEqual(12)
    for (const plan of quickCash.plans) {
      expect(
        plan.days.map((d) => d.day),
        plan.slug,
      ).toEqual([1, 2, 3, 4, 5, 6, 7])
    }
  })

  it('uses each slug once', () => {
    expect(new Set(quickCash.plans.map((p) => p.slug)).size).toBe(quickCash.plans.length)
  })

  it('reminds members to disclose affiliate links', () => {
    const disclosing = quickCash.plans.filter((p) =>
      /disclos|affiliate link|#ad\b/i.test(
        [...p.watchOut, ...p.days.flatMap((d) => [d.task, d.detail])].join(' '),
      ),
    )
    expect(disclosing.length).toBeGreaterThanOrEqual(Math.ceil(quickCash.plans.length / 3))
  })
})

describe('Instagram bio templates', () => {
  it('has at least 8 templates per niche, each within 150 characters as Instagram counts them', () => {
    for (const niche of NICHES) {
      expect(bioTemplates.filter((t) => t.niche === niche).length, niche).toBeGreaterThanOrEqual(8)
    }
    for (const template of bioTemplates) {
      expect(instagramLength(template.bio), template.bio).toBeLessThanOrEqual(BIO_MAX)
    }
  })

  it('says in at least two templates per niche that links may earn a commission', () => {
    for (const niche of NICHES) {
      const disclosing = bioTemplates.filter(
        (t) => t.niche === niche && /commission|affiliate link/i.test(t.bio),
      )
      expect(disclosing.length, niche).toBeGreaterThanOrEqual(2)
    }
  })

  it('counts the way Instagram does', () => {
    expect(instagramLength('a\r\nb')).toBe(3)
    expect(instagramLength('a\nb')).toBe(3)
    expect(instagramLength('💪')).toBe(2)
    expect(instagramLength('abc')).toBe(3)
    const bio = bioTemplateSchema.shape.bio
    expect(bio.safeParse('a'.repeat(150)).success).toBe(true)
    const tooLong = bio.safeParse('a'.repeat(151))
    expect(tooLong.success).toBe(false)
    expect(tooLong.error?.issues[0]?.message).toBe(
      'A bio is at most 150 characters, as Instagram counts them',
    )
    expect(bio.safeParse(`${'a'.repeat(148)}💪`).success).toBe(true)
    expect(bio.safeParse(`${'a'.repeat(149)}💪`).success).toBe(false)
  })

  it('allows only the known placeholders', () => {
    const bio = bioTemplateSchema.shape.bio
    expect(bio.safeParse('{topic} for {audience}. Free {freebie} below.').success).toBe(true)
    expect(bio.safeParse('Free {guide} below.').success).toBe(false)
    expect(bio.safeParse('Free {freebie below.').success).toBe(false)
  })
})

describe('tool content', () => {
  it('promises no earnings or results, names no prices and quotes no one', () => {
    const all = JSON.stringify({ viral, quickCash, bioTemplates })
    for (const pattern of anywhere) expect(pattern.test(all), `${pattern}`).toBe(false)
    const said = [
      viral.title,
      ...viral.ideas.flatMap((i) => [i.title, i.hook, i.example.hook]),
      quickCash.title,
      ...quickCash.plans.flatMap((p) => [p.title, p.summary]),
      ...bioTemplates.map((t) => t.bio),
    ]
    for (const text of said) {
      for (const pattern of promises)
        expect(pattern.test(text), `"${text}" matches ${pattern}`).toBe(false)
    }
  })

  it('throws a ContentError for a broken or repeated file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tool-content-'))
    try {
      for (const folder of ['viral', 'quickcash', 'instagram']) {
        cpSync(join(contentDir, folder), join(dir, folder), { recursive: true })
      }
      const file = join(dir, 'quickcash', 'plans.yaml')
      writeFileSync(file, 'title: Plans\nintro: Broken\nplans:\n  - slug: Not A Slug\n')
      expect(() => readToolContent(dir)).toThrow(ContentError)
      expect(() => readToolContent(dir)).toThrow(/quickcash[\\/]plans\.yaml/)

      const plan = quickCash.plans[0]!
      writeFileSync(file, JSON.stringify({ ...quickCash, plans: [plan, plan] }))
      expect(() => readToolContent(dir)).toThrow(/slug "[a-z0-9-]+" is used more than once/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('GET /api/viralideas and GET /api/quickcash', () => {
  let t: TestApp
  const tokens = { withArea: '', withoutArea: '', admin: '' }
  beforeAll(async () => {
    t = await createTestApp()
    const signIn = async (values: Parameters<TestApp['createMember']>[0]) => {
      const m = await t.createMember(values)
      return t.login(m.email, m.password)
    }
    tokens.withArea = await signIn({ areas: ['quickCash'] })
    tokens.withoutArea = await signIn({ areas: ['niches', 'content'] })
    tokens.admin = await signIn({ role: 'admin', areas: [] })
  })
  afterAll(() => t.close())

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })

  it('gives a member with quick cash, and an administrator, the ideas and the plans', async () => {
    for (const token of [tokens.withArea, tokens.admin]) {
      const ideas = await get('/api/viralideas', token)
      expect(ideas.statusCode).toBe(200)
      expect(ideas.headers['content-type']).toMatch(/^application\/json/)
      expect(ideas.json()).toEqual({ data: viral })

      const plans = await get('/api/quickcash', token)
      expect(plans.statusCode).toBe(200)
      expect(plans.json()).toEqual({ data: quickCash })
    }
  })

  it('sends the same answer again, byte for byte', async () => {
    const first = await get('/api/quickcash', tokens.withArea)
    const second = await get('/api/quickcash', tokens.withArea)
    expect(second.body).toBe(first.body)
  })

  it('refuses a visitor with 401 and a member without the area with its message', async () => {
    for (const url of ['/api/viralideas', '/api/quickcash']) {
      expect((await get(url)).statusCode, url).toBe(401)
      const locked = await get(url, tokens.withoutArea)
      expect(locked.statusCode, url).toBe(403)
      expect(locked.json()).toEqual({ message: lockedMessage('quickCash') })
    }
  })
})
