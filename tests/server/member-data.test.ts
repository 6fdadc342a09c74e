import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bearer, createTestApp, type TestApp } from './helpers'

interface Resource {
  name: string
  base: string
  valid: Record<string, unknown>
  changed: Record<string, unknown>
  /** A field and a value the server must refuse, with the field named in the message. */
  invalid: [string, unknown]
}

const resources: Resource[] = [
  {
    name: 'notes',
    base: '/api/notes',
    valid: { title: 'Launch plan', body: 'Email list first', color: 'blue', pinned: true },
    changed: { title: 'Launch plan v2', body: 'Then the webinar', color: 'green', pinned: false },
    invalid: ['color', 'rainbow'],
  },
  {
    name: 'content',
    base: '/api/content',
    valid: {
      title: 'Reel: 3 niches',
      platform: 'instagram',
      niche: 'health',
      plannedDate: '2026-12-01',
    },
    changed: {
      title: 'Reel: 5 niches',
      platform: 'tiktok',
      status: 'draft',
      checklist: { hook: true, cta: true },
    },
    invalid: ['plannedDate', '01/12/2026'],
  },
  {
    name: 'events',
    base: '/api/event',
    valid: { title: 'Webinar', start: '2026-12-03T18:00:00.000Z', end: '2026-12-03T19:00:00.000Z' },
    changed: {
      title: 'Webinar (moved)',
      start: '2026-12-04T18:00:00.000Z',
      end: '2026-12-04T19:30:00.000Z',
      color: 'red',
    },
    invalid: ['end', 'tomorrow'],
  },
  {
    name: 'leads',
    base: '/api/leads',
    valid: { name: 'Jane Prospect', email: 'jane@prospects.example', consent: true },
    changed: { name: 'Jane P.', email: 'jane.p@prospects.example', notes: 'Asked about pricing' },
    invalid: ['email', 'jane-at-example'],
  },
]

describe.each(resources)('$name: owner only, never anyone else', (r) => {
  let t: TestApp
  let owner: string
  let other: string
  let admin: string
  let id: string
  beforeAll(async () => {
    t = await createTestApp()
    const a = await t.createMember({ areas: ['content', 'viralLeads'] })
    const b = await t.createMember({ areas: ['content', 'viralLeads'] })
    const c = await t.createMember({ role: 'admin' })
    owner = await t.login(a.email, a.password)
    other = await t.login(b.email, b.password)
    admin = await t.login(c.email, c.password)
  })
  afterAll(() => t.close())

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    })

  it('creates for the owner (201) and refuses anonymous callers (401)', async () => {
    expect((await call('POST', r.base, undefined, r.valid)).statusCode).toBe(401)
    const res = await call('POST', r.base, owner, r.valid)
    expect(res.statusCode).toBe(201)
    id = res.json().data.id
    expect(res.json().data).toMatchObject(
      Object.fromEntries(Object.entries(r.valid).filter(([k]) => k !== 'start' && k !== 'end')),
    )
  })

  it('reads, changes and shows it to the owner', async () => {
    expect((await call('GET', `${r.base}/${id}`, undefined)).statusCode).toBe(401)
    const got = await call('GET', `${r.base}/${id}`, owner)
    expect(got.statusCode).toBe(200)
    const changed = await call('PUT', `${r.base}/${id}`, owner, r.changed)
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data.id).toBe(id)
    const again = await call('GET', `${r.base}/${id}`, owner)
    for (const [key, value] of Object.entries(r.changed)) {
      if (key === 'start' || key === 'end') {
        expect(Date.parse(again.json().data[key])).toBe(Date.parse(String(value)))
      } else {
        expect(again.json().data[key], key).toEqual(value)
      }
    }
  })

  it("answers 404 to another member for the owner's id, with none of its data", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', r.changed],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${r.base}/${id}`, other, payload)
      expect(res.statusCode, method).toBe(404)
      expect(Object.keys(res.json())).toEqual(['message'])
      expect(res.body).not.toContain(String(r.changed.title ?? r.changed.name))
    }
    const still = await call('GET', `${r.base}/${id}`, owner)
    expect(still.statusCode).toBe(200)
  })

  it('refuses bad input with a message naming the field', async () => {
    const [field, value] = r.invalid
    const res = await call('POST', r.base, owner, { ...r.valid, [field]: value })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(new RegExp(`^${field}: `))
    const unknown = await call('POST', r.base, owner, { ...r.valid, memberId: 'someone' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/memberId/)
    expect((await call('GET', `${r.base}/not-a-uuid`, owner)).statusCode).toBe(400)
  })

  it('deletes for the owner only, once', async () => {
    const res = await call('DELETE', `${r.base}/${id}`, owner)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: { id } })
    expect((await call('DELETE', `${r.base}/${id}`, owner)).statusCode).toBe(404)
    expect((await call('GET', `${r.base}/${id}`, admin)).statusCode).toBe(404)
  })
})

describe('lists', () => {
  let t: TestApp
  let maya: { email: string; password: string }
  let mayaToken: string
  let miloToken: string
  beforeAll(async () => {
    t = await createTestApp()
    maya = await t.createMember({ areas: ['content', 'viralLeads'] })
    const milo = await t.createMember({ areas: ['content', 'viralLeads'] })
    mayaToken = await t.login(maya.email, maya.password)
    miloToken = await t.login(milo.email, milo.password)
  })
  afterAll(() => t.close())

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload })
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) })

  it('lists notes pinned first, then newest change, and only the own', async () => {
    await post('/api/notes', mayaToken, { title: 'old' })
    await post('/api/notes', mayaToken, { title: 'pinned', pinned: true })
    await post('/api/notes', mayaToken, { title: 'new' })
    await post('/api/notes', miloToken, { title: 'not yours' })
    const titles = (await get('/api/notes', mayaToken))
      .json()
      .data.map((n: { title: string }) => n.title)
    expect(titles).toEqual(['pinned', 'new', 'old'])
  })

  it('lists content by status and search', async () => {
    await post('/api/content', mayaToken, {
      title: 'Gut health reel',
      platform: 'instagram',
      status: 'draft',
    })
    await post('/api/content', mayaToken, {
      title: 'Budget tips',
      platform: 'youtube',
      niche: 'wealth',
    })
    const drafts = (await get('/api/content?status=draft', mayaToken)).json().data
    expect(drafts.map((c: { title: string }) => c.title)).toEqual(['Gut health reel'])
    const wealth = (await get('/api/content?search=WEALTH', mayaToken)).json().data
    expect(wealth.map((c: { title: string }) => c.title)).toEqual(['Budget tips'])
    expect((await get('/api/content', miloToken)).json().data).toEqual([])
  })

  it('lists only the events overlapping the asked range', async () => {
    const event = (title: string, start: string, end: string) =>
      post('/api/event', mayaToken, { title, start, end })
    await event('November', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z')
    await event('Spans into December', '2026-11-30T22:00:00Z', '2026-12-01T02:00:00Z')
    await event('December', '2026-12-10T10:00:00Z', '2026-12-10T11:00:00Z')
    await event('January', '2027-01-05T10:00:00Z', '2027-01-05T11:00:00Z')
    const res = await get('/api/event?from=2026-12-01T00:00:00Z&to=2027-01-01T00:00:00Z', mayaToken)
    expect(res.json().data.map((e: { title: string }) => e.title)).toEqual([
      'Spans into December',
      'December',
    ])
    expect(
      (await get('/api/event?from=2026-12-01T00:00:00Z&to=2026-12-01T00:00:00Z', mayaToken))
        .statusCode,
    ).toBe(400)
    const tooLong = await get(
      '/api/event?from=2026-01-01T00:00:00Z&to=2028-01-01T00:00:00Z',
      mayaToken,
    )
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toBe('to: The range is at most 400 days')
    const before = await post('/api/event', mayaToken, {
      title: 'Backwards',
      start: '2026-12-10T10:00:00Z',
      end: '2026-12-10T09:00:00Z',
    })
    expect(before.json().message).toBe('end: End must not be before start')
  })

  it('lists leads by e-mail: required, own only, searched, sorted and paged', async () => {
    const noEmail = await get('/api/leads', mayaToken)
    expect(noEmail.statusCode).toBe(400)
    expect(noEmail.json()).toEqual({ message: 'Email parameter is required' })
    for (const [name, email] of [
      ['Zoe Zed', 'zoe@leads.example'],
      ['Adam Ant', 'adam@leads.example'],
      ['Bea Bee', 'bea@elsewhere.example'],
    ]) {
      await post('/api/leads', mayaToken, { name, email })
    }
    const page = (
      await get(`/api/leads?email=${maya.email}&sort=name&order=asc&pageSize=2`, mayaToken)
    ).json().data
    expect(page.total).toBe(3)
    expect(page.items.map((l: { name: string }) => l.name)).toEqual(['Adam Ant', 'Bea Bee'])
    const found = (
      await get(`/api/leads?email=${maya.email}&search=leads.example`, mayaToken)
    ).json().data
    expect(found.total).toBe(2)
    const others = await get(`/api/leads?email=${maya.email}`, miloToken)
    expect(others.statusCode).toBe(404)
    expect(others.body).not.toContain('Adam')
  })
})
