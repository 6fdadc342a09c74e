import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'

import { bearer, createTestApp, type TestApp } from './helpers'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

let t: TestApp
let owner: string
let other: string
let locked: string

const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  })

beforeAll(async () => {
  t = await createTestApp()
  const signIn = async (areas: Parameters<TestApp['createMember']>[0]) => {
    const m = await t.createMember(areas)
    return t.login(m.email, m.password)
  }
  owner = await signIn({ areas: ['quickCash'] })
  other = await signIn({ areas: ['quickCash'] })
  locked = await signIn({ areas: [] })
})
afterAll(() => t.close())

const texts = (res: { json: () => { data: { text: string }[] } }) =>
  res.json().data.map((p) => p.text)

describe('the posting queue', () => {
  const ids: string[] = []

  it('adds posts at the end, for the caller only', async () => {
    expect((await call('POST', '/api/bufferqueue', undefined, {})).statusCode).toBe(401)
    for (const [n, channel] of ['instagram', 'tiktok', 'pinterest'].entries()) {
      const res = await call('POST', '/api/bufferqueue', owner, {
        channel,
        text: `Post ${n + 1}`,
        scheduledAt: n === 0 ? '2026-12-01T09:00:00.000Z' : null,
      })
      expect(res.statusCode).toBe(201)
      ids.push(res.json().data.id)
    }
    expect(texts(await call('GET', '/api/bufferqueue', owner))).toEqual([
      'Post 1',
      'Post 2',
      'Post 3',
    ])
    expect((await call('GET', '/api/bufferqueue', other)).json().data).toEqual([])
  })

  it('refuses bad input with the field named, and stores nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ channel: 'myspace', text: 'x' }, /^channel: Choose a channel/],
      [{ channel: 'instagram', text: '  ' }, /^text: Post text is required/],
      [{ channel: 'instagram', text: 'x'.repeat(2201) }, /^text: Post text is at most 2200/],
      [{ channel: 'instagram', text: 'x', scheduledAt: 'tomorrow' }, /^scheduledAt: /],
    ]
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/bufferqueue', owner, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    expect((await call('GET', '/api/bufferqueue', owner)).json().data).toHaveLength(3)
  })

  it('reorders the waiting posts, and only with every one of them once', async () => {
    const res = await call('PUT', '/api/bufferqueue/order', owner, {
      ids: [ids[2], ids[0], ids[1]],
    })
    expect(res.statusCode).toBe(200)
    expect(texts(res)).toEqual(['Post 3', 'Post 1', 'Post 2'])
    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...ids, ids[0]],
    ]) {
      const refused = await call('PUT', '/api/bufferqueue/order', owner, { ids: bad })
      expect(refused.statusCode).toBe(400)
    }
    // Another member cannot order (or learn of) the owner's posts.
    const theirs = await call('PUT', '/api/bufferqueue/order', other, { ids })
    expect(theirs.statusCode).toBe(400)
    expect(texts(await call('GET', '/api/bufferqueue', owner))).toEqual([
      'Post 3',
      'Post 1',
      'Post 2',
    ])
  })

  it('marks a post posted, then puts it back at the end of the queue', async () => {
    const posted = await call('PUT', `/api/bufferqueue/${ids[2]}`, owner, { posted: true })
    expect(posted.json().data.postedAt).not.toBeNull()
    expect(texts(await call('GET', '/api/bufferqueue', owner))).toEqual([
      'Post 1',
      'Post 2',
      'Post 3',
    ])
    const back = await call('PUT', `/api/bufferqueue/${ids[2]}`, owner, { posted: false })
    expect(back.json().data.postedAt).toBeNull()
    expect(texts(await call('GET', '/api/bufferqueue', owner)).at(-1)).toBe('Post 3')
  })

  it('puts a post with a time on the calendar as an event of the member', async () => {
    const none = await call('POST', `/api/bufferqueue/${ids[1]}/event`, owner)
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('Give the post a time before putting it on the calendar')
    const res = await call('POST', `/api/bufferqueue/${ids[0]}/event`, owner)
    expect(res.statusCode).toBe(201)
    const eventId = res.json().data.eventId
    expect(eventId).toBeTruthy()
    const event = await call('GET', `/api/event/${eventId}`, owner)
    expect(event.json().data).toMatchObject({
      title: 'Post on instagram: Post 1',
      start: '2026-12-01T09:00:00.000Z',
      end: '2026-12-01T09:30:00.000Z',
    })
    const twice = await call('POST', `/api/bufferqueue/${ids[0]}/event`, owner)
    expect(twice.json().message).toBe('This post is on the calendar already')
    expect((await call('POST', `/api/bufferqueue/${ids[0]}/event`, other)).statusCode).toBe(404)
    // Deleting the event unlinks it; the post stays.
    await call('DELETE', `/api/event/${eventId}`, owner)
    const list = (await call('GET', '/api/bufferqueue', owner)).json().data
    expect(list.find((p: { id: string }) => p.id === ids[0]).eventId).toBeNull()
  })

  it("never changes or deletes another member's post", async () => {
    const change = await call('PUT', `/api/bufferqueue/${ids[0]}`, other, { text: 'Mine now' })
    expect(change.statusCode).toBe(404)
    expect(change.body).not.toContain('Post 1')
    expect((await call('DELETE', `/api/bufferqueue/${ids[0]}`, other)).statusCode).toBe(404)
    const done = await call('DELETE', `/api/bufferqueue/${ids[0]}`, owner)
    expect(done.statusCode).toBe(200)
    expect((await call('GET', '/api/bufferqueue', owner)).json().data).toHaveLength(2)
  })

  it('is closed without the quick cash area', async () => {
    const res = await call('GET', '/api/bufferqueue', locked)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(lockedMessage('quickCash'))
  })
})
