import { resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'
import { BIO_TOO_LONG, MAX_BIOS, TOO_MANY_BIOS } from '@schemas/instagram'
import { NICHES } from '@schemas/niches'
import { BIO_MAX, instagramLength } from '@schemas/tool-content'

import { readToolContent } from '../../server/services/tool-content'
import { bearer, createTestApp, type TestApp } from './helpers'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Signed = { id: string; token: string }

let t: TestApp
let owner: Signed
let other: Signed
let admin: Signed
let locked: Signed

const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  })

const listOf = async (who: Signed, memberId = who.id) =>
  (await call('GET', `/api/instagrambio/${memberId}`, who.token)).json().data as {
    id: string
    bio: string
  }[]

beforeAll(async () => {
  t = await createTestApp()
  const signIn = async (values: Parameters<TestApp['createMember']>[0]) => {
    const m = await t.createMember(values)
    return { id: m.id, token: await t.login(m.email, m.password) }
  }
  owner = await signIn({ areas: ['instagram'] })
  other = await signIn({ areas: ['instagram'] })
  admin = await signIn({ role: 'admin' })
  locked = await signIn({ areas: ['niches'] })
})
afterAll(() => t.close())

const first = {
  niche: 'health',
  name: 'Mia | Home workouts',
  bio: 'Home workouts for busy parents 💪\n20 minutes, no gym.\nFree weekly plan below 👇',
  link: 'https://example.com/plan',
}

describe('saved Instagram bios: owner only, admins any', () => {
  let id: string

  it('saves a bio for the caller, trimmed, with empty defaults for what is left out', async () => {
    expect((await call('POST', '/api/instagrambio', undefined, first)).statusCode).toBe(401)
    const res = await call('POST', '/api/instagrambio', owner.token, {
      ...first,
      name: `  ${first.name}  `,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({ ...first, memberId: owner.id })
    id = res.json().data.id
    const bare = await call('POST', '/api/instagrambio', owner.token, { bio: 'Just a bio' })
    expect(bare.statusCode).toBe(201)
    expect(bare.json().data).toMatchObject({ niche: '', name: '', link: '', bio: 'Just a bio' })
  })

  it('lists the own bios, last saved first; another member gets 404 and none of them', async () => {
    expect((await call('GET', `/api/instagrambio/${owner.id}`)).statusCode).toBe(401)
    expect((await listOf(owner)).map((b) => b.bio)).toEqual(['Just a bio', first.bio])
    const theirs = await call('GET', `/api/instagrambio/${owner.id}`, other.token)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toEqual({ message: 'Member not found' })
    expect(theirs.body).not.toContain('Home workouts')
    expect(await listOf(other)).toEqual([])
    expect(await listOf(admin, owner.id)).toHaveLength(2)
    expect((await call('GET', '/api/instagrambio/not-a-uuid', owner.token)).statusCode).toBe(400)
    const nobody = await call('GET', `/api/instagrambio/${crypto.randomUUID()}`, admin.token)
    expect(nobody.statusCode).toBe(404)
  })

  it('saves for another member only when an administrator names them', async () => {
    const forged = await call('POST', '/api/instagrambio', other.token, {
      bio: 'Not yours',
      memberId: owner.id,
    })
    expect(forged.statusCode).toBe(404)
    expect(forged.json()).toEqual({ message: 'Member not found' })
    const byAdmin = await call('POST', '/api/instagrambio', admin.token, {
      bio: 'Written by an administrator',
      memberId: owner.id,
    })
    expect(byAdmin.statusCode).toBe(201)
    expect(byAdmin.json().data.memberId).toBe(owner.id)
    expect((await listOf(owner)).map((b) => b.bio)).toEqual([
      'Written by an administrator',
      'Just a bio',
      first.bio,
    ])
    expect(await listOf(admin)).toEqual([])
  })

  it('replaces the whole bio, only the own, and moves it to the top', async () => {
    const changed = await call('PUT', `/api/instagrambio/${id}`, owner.token, {
      niche: 'wealth',
      bio: 'Budgeting for beginners',
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data).toMatchObject({
      id,
      niche: 'wealth',
      name: '',
      link: '',
      bio: 'Budgeting for beginners',
    })
    expect((await listOf(owner))[0]!.id).toBe(id)
    for (const payload of [{ bio: 'Hacked' }, { bio: 'Hacked', memberId: owner.id }]) {
      const res = await call('PUT', `/api/instagrambio/${id}`, other.token, payload)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('Budgeting')
    }
    const byAdmin = await call('PUT', `/api/instagrambio/${id}`, admin.token, {
      memberId: owner.id,
      bio: 'Budgeting for beginners, step by step',
    })
    expect(byAdmin.statusCode).toBe(200)
    const unknown = await call('PUT', `/api/instagrambio/${crypto.randomUUID()}`, owner.token, {
      bio: 'Anything',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Bio not found' })
    expect((await listOf(owner)).find((b) => b.id === id)?.bio).toBe(
      'Budgeting for beginners, step by step',
    )
  })

  it('deletes with the memberId body: never another member’s bio', async () => {
    const url = `/api/instagrambio/${id}`
    expect((await call('DELETE', url, undefined, { memberId: owner.id })).statusCode).toBe(401)
    expect((await call('DELETE', url, other.token, { memberId: other.id })).statusCode).toBe(404)
    expect((await call('DELETE', url, other.token, { memberId: owner.id })).statusCode).toBe(404)
    const missing = await call('DELETE', url, owner.token, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/^memberId: /)
    expect(await listOf(owner)).toHaveLength(3)
    const done = await call('DELETE', url, owner.token, { memberId: owner.id })
    expect(done.statusCode).toBe(200)
    expect(done.json().data).toEqual({ id })
    expect((await call('DELETE', url, owner.token, { memberId: owner.id })).statusCode).toBe(404)
    const [last] = await listOf(owner)
    const byAdmin = await call('DELETE', `/api/instagrambio/${last!.id}`, admin.token, {
      memberId: owner.id,
    })
    expect(byAdmin.statusCode).toBe(200)
    expect(await listOf(owner)).toHaveLength(1)
  })
})

describe('the bio length, as Instagram counts it', () => {
  // Two emoji (2 each) and two Windows line breaks (1 each).
  const head = 'Strong at home 💪\r\nFree plan below 👇\r\n'
  const atLimit = head + 'x'.repeat(BIO_MAX - instagramLength(head))

  it('accepts 150 counted characters with emoji and line breaks, stored with \\n', async () => {
    expect(instagramLength(atLimit)).toBe(BIO_MAX)
    expect(atLimit.length).toBeGreaterThan(BIO_MAX)
    const res = await call('POST', '/api/instagrambio', other.token, { bio: atLimit })
    expect(res.statusCode).toBe(201)
    const saved = res.json().data.bio as string
    expect(saved).toBe(atLimit.replace(/\r\n/g, '\n'))
    expect(instagramLength(saved)).toBe(BIO_MAX)
  })

  it('refuses 151 counted characters, also when an emoji makes the 151st', async () => {
    const before = await listOf(other)
    // 150 letters as a person counts them, 151 as Instagram does.
    const emoji = 'x'.repeat(BIO_MAX - 1) + '💪'
    expect([...emoji]).toHaveLength(BIO_MAX)
    for (const bio of [atLimit + 'y', emoji]) {
      expect(instagramLength(bio)).toBe(BIO_MAX + 1)
      const res = await call('POST', '/api/instagrambio', other.token, { bio })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: `bio: ${BIO_TOO_LONG}` })
      const put = await call('PUT', `/api/instagrambio/${before[0]!.id}`, other.token, { bio })
      expect(put.statusCode).toBe(400)
    }
    expect(await listOf(other)).toEqual(before)
  })
})

describe('bad input', () => {
  it('is refused with a message naming the field, and nothing is stored', async () => {
    const before = await listOf(other)
    const cases: [object, RegExp][] = [
      [{}, /^bio: Bio is required/],
      [{ bio: '  \n ' }, /^bio: Bio is required/],
      [{ bio: 42 }, /^bio: /],
      [{ bio: 'Fine', name: 'x'.repeat(31) }, /^name: Name is at most 30 characters/],
      [{ bio: 'Fine', niche: 'cooking' }, /^niche: Choose a niche/],
      [{ bio: 'Fine', link: 'javascript:alert(1)' }, /^link: Link is a web address/],
      [{ bio: 'Fine', link: 'example.com' }, /^link: Link is a web address/],
      [
        { bio: 'Fine', link: `https://example.com/${'a'.repeat(500)}` },
        /^link: Link is at most 500 characters/,
      ],
      [{ bio: 'Fine', memberId: 'someone' }, /^memberId: /],
      [{ bio: 'Fine', owner: 'me' }, /owner/],
    ]
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/instagrambio', other.token, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message, JSON.stringify(payload)).toMatch(message)
      const put = await call('PUT', `/api/instagrambio/${before[0]!.id}`, other.token, payload)
      expect(put.statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect(await listOf(other)).toEqual(before)
    const badId = await call('PUT', '/api/instagrambio/42', other.token, { bio: 'Fine' })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().message).toMatch(/^id: /)
  })
})

describe('how many bios a member keeps', () => {
  it(`keeps at most ${MAX_BIOS}, and takes a new one once one is deleted`, async () => {
    const m = await t.createMember({ areas: ['instagram'] })
    const many = { id: m.id, token: await t.login(m.email, m.password) }
    for (let n = 1; n <= MAX_BIOS; n++) {
      const res = await call('POST', '/api/instagrambio', many.token, { bio: `Bio ${n}` })
      expect(res.statusCode).toBe(201)
    }
    const over = await call('POST', '/api/instagrambio', many.token, { bio: 'One more' })
    expect(over.statusCode).toBe(400)
    expect(over.json()).toEqual({ message: TOO_MANY_BIOS })
    const bios = await listOf(many)
    expect(bios).toHaveLength(MAX_BIOS)
    await call('DELETE', `/api/instagrambio/${bios[0]!.id}`, many.token, { memberId: many.id })
    expect((await call('POST', '/api/instagrambio', many.token, { bio: 'Now' })).statusCode).toBe(
      201,
    )
  })
})

describe('bio templates', () => {
  it('hands every member of the area the 36 templates of the content folder', async () => {
    expect((await call('GET', '/api/biotemplates')).statusCode).toBe(401)
    const res = await call('GET', '/api/biotemplates', owner.token)
    expect(res.statusCode).toBe(200)
    const { bioTemplates } = readToolContent(resolve(import.meta.dirname, '../../content'))
    expect(res.json().data).toEqual(bioTemplates)
    for (const niche of NICHES) {
      const ofNiche = bioTemplates.filter((template) => template.niche === niche)
      expect(ofNiche, niche).toHaveLength(9)
    }
    // The same answer to everyone, administrators included.
    const again = await call('GET', '/api/biotemplates', admin.token)
    expect(again.body).toBe(res.body)
  })
})

describe('a member without the Instagram tools', () => {
  it('gets 403 with the locked message on every call', async () => {
    const bio = { bio: 'Mine' }
    const calls: [Method, string, object?][] = [
      ['GET', '/api/biotemplates'],
      ['GET', `/api/instagrambio/${locked.id}`],
      ['POST', '/api/instagrambio', bio],
      ['PUT', `/api/instagrambio/${crypto.randomUUID()}`, bio],
      ['DELETE', `/api/instagrambio/${crypto.randomUUID()}`, { memberId: locked.id }],
    ]
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, locked.token, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json()).toEqual({ message: lockedMessage('instagram') })
    }
  })
})
