import { resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'
import { libraryRowSchema, NICHES, POST_FORMATS } from '@schemas/niches'

import { readNicheLibrary } from '../../server/services/niche-library'
import { bearer, createTestApp, type TestApp } from './helpers'

const library = readNicheLibrary(resolve(import.meta.dirname, '../../content'))

describe('niche library sheets', () => {
  it('has at least 40 starter rows per niche, every one valid against the contract', () => {
    for (const niche of NICHES) {
      const rows = library.get(niche)!.rows
      expect(rows.length, niche).toBeGreaterThanOrEqual(40)
      for (const row of rows) expect(libraryRowSchema.safeParse(row).success).toBe(true)
    }
  })

  it('spreads each niche over several sub-niches and every post format', () => {
    for (const niche of NICHES) {
      const rows = library.get(niche)!.rows
      expect(new Set(rows.map((r) => r.subNiche)).size, niche).toBeGreaterThanOrEqual(8)
      expect(new Set(rows.map((r) => r.postFormat)), niche).toEqual(new Set(POST_FORMATS))
      // No hook is used twice in a niche.
      expect(new Set(rows.map((r) => r.hook.toLowerCase())).size, niche).toBe(rows.length)
    }
  })

  it('promises no earnings or results, names no prices and quotes no one', () => {
    // Anywhere in a row: an amount of money, a testimonial, a cure.
    const anywhere = [/[$€£]\s?\d/, /\btestimonial/i, /\b(?:cure|cures|cured)\b/i]
    // In what a post says to its audience (a post idea may warn of "guaranteed income" scams).
    const promises = [/\bguarantee/i, /\bget rich\b/i, /\bpassive income in\b/i]
    for (const niche of NICHES) {
      for (const row of library.get(niche)!.rows) {
        const all = Object.values(row).join(' ')
        const said = [row.hook, row.cta, row.offerCategory].join(' ')
        for (const pattern of anywhere) {
          expect(pattern.test(all), `${niche}: "${row.hook}" matches ${pattern}`).toBe(false)
        }
        for (const pattern of promises) {
          expect(pattern.test(said), `${niche}: "${row.hook}" matches ${pattern}`).toBe(false)
        }
      }
    }
  })

  it('reminds members to disclose affiliate links', () => {
    for (const niche of NICHES) {
      const rows = library.get(niche)!.rows
      const disclosing = rows.filter((r) => /disclos|affiliate link|#ad\b/i.test(r.note + r.cta))
      expect(disclosing.length, niche).toBeGreaterThanOrEqual(Math.ceil(rows.length / 5))
    }
  })

  it('checks hashtags as Instagram takes them', () => {
    expect(libraryRowSchema.shape.hashtags.safeParse('#one #two').success).toBe(true)
    expect(libraryRowSchema.shape.hashtags.safeParse('#one, #two').success).toBe(false)
    expect(libraryRowSchema.shape.hashtags.safeParse('one').success).toBe(false)
    const many = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ')
    expect(libraryRowSchema.shape.hashtags.safeParse(many).success).toBe(false)
  })
})

describe('GET /api/nichelibrary/:niche', () => {
  let t: TestApp
  const tokens: Record<'withArea' | 'withoutArea' | 'admin', string> = {
    withArea: '',
    withoutArea: '',
    admin: '',
  }
  beforeAll(async () => {
    t = await createTestApp()
    const make = async (role: 'admin' | 'member', areas: 'niches'[]) => {
      const m = await t.createMember({ role, areas })
      return t.login(m.email, m.password)
    }
    tokens.withArea = await make('member', ['niches'])
    tokens.withoutArea = await make('member', [])
    tokens.admin = await make('admin', [])
  })
  afterAll(() => t.close())

  const get = (niche: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/nichelibrary/${niche}`,
      headers: token ? bearer(token) : {},
    })

  it("gives a member with the niche sheets, and an administrator, each niche's rows", async () => {
    for (const niche of NICHES) {
      for (const token of [tokens.withArea, tokens.admin]) {
        const res = await get(niche, token)
        expect(res.statusCode).toBe(200)
        const { data } = res.json<{ data: { niche: string; rows: unknown[] } }>()
        expect(data.niche).toBe(niche)
        expect(data.rows).toEqual(library.get(niche)!.rows)
      }
    }
  })

  it('refuses a member without the area with its message, and a visitor with 401', async () => {
    const locked = await get('health', tokens.withoutArea)
    expect(locked.statusCode).toBe(403)
    expect(locked.json()).toEqual({ message: lockedMessage('niches') })
    expect((await get('health')).statusCode).toBe(401)
  })

  it('answers an unknown niche with 400', async () => {
    const res = await get('gardening', tokens.withArea)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toMatch(/Unknown niche/)
  })
})
