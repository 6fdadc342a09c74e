import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { takesIdempotencyKey, type Endpoint } from '@schemas/contract'
import { contract } from '@schemas/index'

import { bearer, createTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
let other: string

beforeAll(async () => {
  t = await createTestApp()
  const signIn = async () => {
    const m = await t.createMember({ areas: ['aiTools', 'content', 'niches'] })
    return t.login(m.email, m.password)
  }
  token = await signIn()
  other = await signIn()
})
afterAll(() => t.close())

const post = (url: string, payload: object, key?: string, as = token) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(as), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })
const count = async (url: string, as = token) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(as) })).json<{ data: unknown[] }>().data
    .length

const CREATES = [
  ['/api/notes', { title: 'Retry me', body: 'once' }, '/api/notes'],
  [
    '/api/event',
    { title: 'Webinar', start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T11:00:00.000Z' },
    '/api/event?from=2026-11-28T00:00:00.000Z&to=2026-12-05T00:00:00.000Z',
  ],
  ['/api/content', { title: 'Reel idea', platform: 'instagram' }, '/api/content'],
] as const

describe('Idempotency-Key on creates', () => {
  for (const [url, body, list] of CREATES) {
    it(`${url}: a retry with the same key answers the first result and creates nothing`, async () => {
      const before = await count(list)
      const key = `retry-${url}-${Date.now()}`
      const first = await post(url, body, key)
      expect(first.statusCode).toBe(201)
      const again = await post(url, body, key)
      expect(again.statusCode).toBe(201)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json()).toEqual(first.json())
      expect(await count(list)).toBe(before + 1)
      // The same key on another request is refused, and creates nothing either.
      const changed = await post(url, { ...body, title: 'Something else' }, key)
      expect(changed.statusCode).toBe(422)
      expect(changed.json().message).toBe(
        'This Idempotency-Key was already used for another request',
      )
      expect(await count(list)).toBe(before + 1)
      // Without a key, each request creates.
      expect((await post(url, body)).statusCode).toBe(201)
      expect(await count(list)).toBe(before + 2)
    })
  }

  it("keeps each member's keys apart, and refuses a malformed key", async () => {
    const key = `shared-${Date.now()}`
    const mine = await post('/api/notes', { title: 'Mine' }, key)
    const theirs = await post('/api/notes', { title: 'Mine' }, key, other)
    expect(theirs.statusCode).toBe(201)
    expect(theirs.json().data.id).not.toBe(mine.json().data.id)
    const bad = await post('/api/notes', { title: 'Bad key' }, 'has spaces in it')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Idempotency-Key must be 1 to 255 visible characters')
  })

  it('frees the key of a request that failed, so the retry runs', async () => {
    const key = `failed-${Date.now()}`
    const missing = await post('/api/healthniche', { memberId: crypto.randomUUID() }, key)
    expect(missing.statusCode).toBeGreaterThanOrEqual(400)
    const list = `/api/healthniche/${(await t.app.inject({ method: 'GET', url: '/api/auth/current', headers: bearer(token) })).json().id}`
    const before = await count(list)
    const created = await post('/api/healthniche', { postIdea: 'After a failure' }, key)
    expect(created.statusCode, created.body).toBe(201)
    expect(await count(list)).toBe(before + 1)
  })

  it('replays a streamed AI answer instead of writing it again', async () => {
    const key = `ai-${Date.now()}`
    const body = { tool: 'twitterTweet', topic: 'Retries' }
    const first = await post('/api/ai/write', body, key)
    const again = await post('/api/ai/write', body, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/ai/history',
      headers: bearer(token),
    })
    expect(history.json().data.total).toBe(1)
  })

  it('covers every create of the contract', () => {
    const creates = Object.values(contract).flatMap((group) =>
      Object.values(group as Record<string, Endpoint>).filter(takesIdempotencyKey),
    )
    const paths = creates.map((e) => e.path)
    for (const path of [
      '/notes',
      '/event',
      '/content',
      '/leads',
      '/healthniche',
      '/ai/write',
      '/chatbot',
    ]) {
      expect(paths).toContain(path)
    }
  })
})
