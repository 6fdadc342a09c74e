import { randomUUID } from 'node:crypto'

import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AREA_KEYS, FREE_AREAS, lockedMessage, type AreaKey } from '@schemas/access'
import type { Endpoint } from '@schemas/contract'
import { API_PREFIX, contract } from '@schemas/index'

import { address, endpoints, probeTable, shapeOf } from './bad-input-probes'
import { bearer, createTestApp, JWT_SECRET, multipart, type TestApp } from './helpers'

/** Callers who may not: forged or ended tokens, another member's ids, locked areas, naming others. */
const { prober } = probeTable()

/** Base64url of a JSON value, as a token's parts are written. */
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('who may call what, on every route of the contract', () => {
  let t: TestApp
  const sendToken = prober(() => t.app, 'forged, foreign or ended tokens')
  const sendForeign = prober(() => t.app, "another member's things, by id")
  const sendNaming = prober(() => t.app, 'a member naming another member')
  const signedIn = endpoints.filter(({ endpoint }) => endpoint.access !== 'public')
  /** A marker in every text of the other member's things: no answer to the prober may show it. */
  const marker = `private-${randomUUID()}`
  let prober1: { id: string; token: string }
  let owner: { id: string; email: string; token: string }
  /** The other member's things: a group's id for each contract group that keeps some. */
  const owned = new Map<string, string>()
  /** Where the owner reads each thing back, to see that the probes changed nothing. */
  const readBack: string[] = []

  beforeAll(async () => {
    t = await createTestApp()
    const a = await t.createMember({ areas: [...AREA_KEYS] })
    const b = await t.createMember({ areas: [...AREA_KEYS] })
    prober1 = { id: a.id, token: await t.login(a.email, a.password) }
    owner = { id: b.id, email: b.email, token: await t.login(b.email, b.password) }
    const create = async (group: string, url: string, payload: object, read?: string) => {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201)
      const id = res.json<{ data: { id: string } }>().data.id
      owned.set(group, id)
      readBack.push(read ? `${read}/${id}` : `${url}/${id}`)
      return id
    }
    await create('notes', '/api/notes', { title: marker, body: marker })
    await create('content', '/api/content', { title: marker, platform: 'instagram' })
    await create('events', '/api/event', {
      title: marker,
      start: '2026-12-03T18:00:00.000Z',
      end: '2026-12-03T19:00:00.000Z',
    })
    await create('leads', '/api/leads', { name: marker, email: 'owner-lead@example.com' })
    for (const niche of ['health', 'wealth', 'relationship', 'woodworking']) {
      await create(`${niche}Niche`, `/api/${niche}niche`, { hook: marker })
      // A sheet is read whole, by its member's id.
      readBack.splice(-1, 1, `/api/${niche}niche/${owner.id}`)
    }
    const niche = await create('customNiches', '/api/addniche', { label: 'Owner niche' }, '')
    readBack.pop()
    owned.set('customNiches', niche)
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/customdeskniche',
      headers: bearer(owner.token),
      payload: { nicheLabel: 'Owner niche', hook: marker },
    })
    expect(row.statusCode, row.body).toBe(201)
    owned.set('customRows', row.json<{ data: { id: string } }>().data.id)
    await create(
      'queue',
      '/api/bufferqueue',
      {
        channel: 'instagram',
        text: marker,
        scheduledAt: '2026-12-01T09:00:00.000Z',
      },
      '',
    )
    readBack.pop()
    await create('instagramBios', '/api/instagrambio', { bio: marker })
    readBack.splice(-1, 1, `/api/instagrambio/${owner.id}`)
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/ai/write',
      headers: bearer(owner.token),
      payload: { tool: 'generator', prompt: marker },
    })
    expect(written.statusCode, written.body).toBe(200)
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/ai/history',
      headers: bearer(owner.token),
    })
    const generation = history.json<{ data: { items: { id: string }[] } }>().data.items[0]!.id
    owned.set('ai', generation)
    readBack.push(`/api/ai/history/${generation}`)
  })
  afterAll(() => t.close())

  it('refuses a forged, altered, expired, foreign or ended token with 401 on every route that needs one', async () => {
    const real = prober1.token
    const [header, payload, signature] = real.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const now = Math.floor(Date.now() / 1000)
    const sign = async (secret: string, values: Record<string, unknown>) =>
      new SignJWT(values)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret))
    // A member who signed out everywhere: the token from before answers nothing.
    const ended = await t.createMember()
    const endedToken = await t.login(ended.email, ended.password)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(endedToken),
    })
    expect(out.statusCode).toBeLessThan(300)
    const tokens: [string, string][] = [
      ['not a token', 'not-a-token'],
      [
        'no signature (alg none)',
        `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, role: 'admin' })}.`,
      ],
      ['claims changed to admin', `${header}.${part({ ...claims, role: 'admin' })}.${signature}`],
      ['signed with another key', await sign(`${JWT_SECRET}-not`, { ...claims, role: 'admin' })],
      ['expired', await sign(JWT_SECRET, { ...claims, iat: now - 7200, exp: now - 3600 })],
      [
        'issued in the future',
        await sign(JWT_SECRET, { ...claims, iat: now + 3600, exp: now + 7200 }),
      ],
      ['ended by signing out everywhere', endedToken],
    ]
    for (const [what, token] of tokens) {
      for (const { name, endpoint } of signedIn) {
        const route = `${endpoint.method} ${endpoint.path}`
        const res = await sendToken(route, {
          method: endpoint.method,
          url: address(endpoint),
          headers: bearer(token),
        })
        expect(res.statusCode, `${what} to ${name} (${route}): ${res.body}`).toBe(401)
      }
    }
  })

  it("never shows, changes or deletes another member's things: every route with an id, as a member", async () => {
    const idOf = (group: string, endpoint: Endpoint, param: string) => {
      if (param === 'email') return owner.email
      if (/\(id: the member's id\)/.test(endpoint.summary)) return owner.id
      if (group === 'customNiches' && /customdeskniche/.test(endpoint.path)) {
        return owned.get('customRows')
      }
      return owned.get(group)
    }
    let probed = 0
    for (const [group, entries] of Object.entries(contract)) {
      for (const [name, endpoint] of Object.entries(entries as Record<string, Endpoint>)) {
        const param = /:(\w+)/.exec(endpoint.path)?.[1]
        if (!param || endpoint.access !== 'member') continue
        const id = idOf(group, endpoint, param)
        if (!id) continue
        const route = `${endpoint.method} ${endpoint.path}`
        // The desk view's delete names the member and the niche in its query, as the spec says.
        const deskQuery = /customdeskniche/.test(endpoint.path) && endpoint.method === 'DELETE'
        const url =
          API_PREFIX +
          endpoint.path.replace(`:${param}`, encodeURIComponent(id)) +
          (deskQuery ? `?${new URLSearchParams({ Member: prober1.id, niche: 'Owner niche' })}` : '')
        const headers = { ...bearer(prober1.token), 'idempotency-key': randomUUID() }
        // The body the owner's own call would take, so only whose it is can refuse it.
        const body =
          endpoint.method === 'GET'
            ? undefined
            : endpoint.multipart
              ? multipart({ firstName: 'Changed' })
              : { payload: { ...changeFor(group, endpoint), ...ownId(endpoint, prober1.id) } }
        const res = await sendForeign(route, {
          method: endpoint.method,
          url,
          ...(body && 'headers' in body
            ? { headers: { ...headers, ...body.headers }, payload: body.payload }
            : { headers, ...body }),
        })
        const where = `${name} (${route}) with the other member's ${param}: ${res.body}`
        expect([403, 404], where).toContain(res.statusCode)
        expect(res.body, where).not.toContain(marker)
        probed++
      }
    }
    expect(probed).toBeGreaterThanOrEqual(40)
    // The owner still has every thing as it was.
    for (const url of readBack) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain(marker)
    }
    const lists = ['/api/addniche/' + owner.id, '/api/bufferqueue', '/api/createniche/' + owner.id]
    for (const url of lists) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toMatch(new RegExp(`${marker}|Owner niche`))
    }
  })

  it("refuses 403, naming the area, every route of an area the member's access does not include", async () => {
    const sendLocked = prober(() => t.app, 'areas the member may not open')
    const free = await t.createMember({ areas: [...FREE_AREAS] })
    const token = await t.login(free.email, free.password)
    let probed = 0
    for (const { name, endpoint } of signedIn) {
      const area = endpoint.area as AreaKey | undefined
      if (!area || FREE_AREAS.includes(area)) continue
      const route = `${endpoint.method} ${endpoint.path}`
      const res = await sendLocked(route, {
        method: endpoint.method,
        url: address(endpoint),
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      })
      expect(res.statusCode, `${name} (${route}): ${res.body}`).toBe(403)
      expect(res.json<{ message: string }>().message).toBe(lockedMessage(area))
      probed++
    }
    expect(probed).toBeGreaterThanOrEqual(40)
  })

  it('refuses a member who names another member on every route that takes a memberId', async () => {
    let probed = 0
    for (const { name, endpoint } of signedIn) {
      const inQuery = 'memberId' in shapeOf(endpoint.query)
      const inBody = 'memberId' in shapeOf(endpoint.body)
      if (!inQuery && !inBody) continue
      const route = `${endpoint.method} ${endpoint.path}`
      const url = address(endpoint).replace(/[0-9a-f-]{36}/, owned.get('notes')!)
      const headers = { ...bearer(prober1.token), 'idempotency-key': randomUUID() }
      const res = await sendNaming(route, {
        method: endpoint.method,
        url: inQuery ? `${url}?memberId=${owner.id}` : url,
        headers,
        ...(inBody ? { payload: { ...requiredOf(endpoint), memberId: owner.id } } : {}),
      })
      const where = `${name} (${route}) naming another member: ${res.body}`
      // Refused as not allowed, or as input the route does not take; never done.
      expect([400, 403, 404], where).toContain(res.statusCode)
      expect(res.body, where).not.toContain(marker)
      if (res.statusCode !== 400) probed++
    }
    expect(probed).toBeGreaterThanOrEqual(30)
  })
})

/** The caller's own memberId, where the route's body has the field (a sheet's delete needs it). */
function ownId(endpoint: Endpoint, id: string) {
  return 'memberId' in shapeOf(endpoint.body) ? { memberId: id } : {}
}

/** Values for the fields a route's body requires besides memberId, where it has them. */
function requiredOf(endpoint: Endpoint) {
  const shape = shapeOf(endpoint.body)
  const values: Record<string, unknown> = {
    label: 'Named niche',
    nicheLabel: 'Owner niche',
    rows: [{ hook: 'Named' }],
    bio: 'Named',
  }
  return Object.fromEntries(Object.entries(values).filter(([field]) => field in shape))
}

/** A change the owner could send to one of their things in `group`. */
function changeFor(group: string, endpoint: Endpoint): object {
  if (endpoint.method === 'DELETE' || endpoint.path.endsWith('/event')) return {}
  switch (group) {
    case 'notes':
      return { title: 'Changed', body: 'Changed' }
    case 'content':
      return { title: 'Changed', platform: 'tiktok' }
    case 'events':
      return {
        title: 'Changed',
        start: '2026-12-04T18:00:00.000Z',
        end: '2026-12-04T19:00:00.000Z',
      }
    case 'leads':
      return { name: 'Changed', email: 'changed@example.com' }
    case 'customNiches':
      return endpoint.path.startsWith('/addniche')
        ? { label: 'Changed niche' }
        : { hook: 'Changed' }
    case 'queue':
      return { text: 'Changed' }
    case 'instagramBios':
      return { bio: 'Changed' }
    default:
      return { hook: 'Changed' }
  }
}
