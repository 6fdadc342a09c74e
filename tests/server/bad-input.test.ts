import { randomUUID } from 'node:crypto'

import type { InjectOptions } from 'fastify'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AREA_KEYS, FREE_AREAS, lockedMessage, type AreaKey } from '@schemas/access'
import type { Endpoint } from '@schemas/contract'
import { API_PREFIX, contract } from '@schemas/index'

import { databaseRefusal } from '../../server/plugins/errors'
import { bearer, createTestApp, JWT_SECRET, multipart, type TestApp } from './helpers'

/**
 * Probes of every route of the contract, generated from it: a route added later is covered
 * without a test of its own. Bad input (control characters, malformed bodies) and callers who may
 * not (forged or ended tokens, another member's ids, locked areas, naming another member). Each
 * cell is one request; none may answer 5xx, and the run prints the table of cells and statuses.
 */
const endpoints = Object.values(contract).flatMap((group) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name,
    endpoint,
  })),
)

/** The fields of an object schema, empty for any other shape (or none). */
const shapeOf = (schema: unknown): Record<string, unknown> =>
  (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
    ?.shape ?? {}

/** The top-level fields of an object schema, or one made-up field for any other shape. */
function fieldsOf(schema: unknown): string[] {
  const keys = Object.keys(shapeOf(schema))
  return keys.length ? keys : ['text']
}

/** A value the address accepts for a parameter: its first option, a new id, or a word. */
function paramValue(endpoint: Endpoint, name: string): string {
  const options = (
    shapeOf(endpoint.params)[name] as { _zod?: { values?: Set<unknown> } } | undefined
  )?._zod?.values
  const first = options && [...options][0]
  if (typeof first === 'string') return first
  return /id$/i.test(name) ? randomUUID() : 'sample'
}

/** The endpoint's address, with `name`'s parameter set to `value` and the others accepted. */
const address = (endpoint: Endpoint, name?: string, value?: string) =>
  API_PREFIX +
  endpoint.path.replace(/:(\w+)/g, (_, p: string) =>
    p === name ? encodeURIComponent(value!) : paramValue(endpoint, p),
  )

const CONTROLS = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  DEL: '\u007f',
  'C1 next line': '\u0085',
}

/** Every request this file's probes sent, by kind: the table the test run prints. */
const cells: { kind: string; route: string; status: number }[] = []

afterAll(() => {
  const kinds = [...new Set(cells.map((c) => c.kind))]
  const rows = kinds.map((kind) => {
    const of = cells.filter((c) => c.kind === kind)
    const tally = new Map<number, number>()
    for (const { status } of of) tally.set(status, (tally.get(status) ?? 0) + 1)
    const statuses = [...tally]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} × ${n}`)
      .join(', ')
    const routes = new Set(of.map((c) => c.route)).size
    const failures = of.filter((c) => c.status >= 500).length
    return `| ${kind} | ${of.length} | ${routes} | ${statuses} | ${failures} |`
  })
  console.log(
    [
      '| probe | cells | routes | statuses | 5xx |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      `| all | ${cells.length} | ${new Set(cells.map((c) => c.route)).size} | | ${cells.filter((c) => c.status >= 500).length} |`,
    ].join('\n'),
  )
})

/** Sends one probe request through `app`, counted in the table under `kind`. */
const prober =
  (app: () => TestApp['app'], kind: string) => async (route: string, options: InjectOptions) => {
    const res = await app().inject(options)
    cells.push({ kind, route, status: res.statusCode })
    return res
  }

describe('bad input on every route of the contract', () => {
  let t: TestApp
  let token: string
  const sendControl = prober(() => t.app, 'control characters in every field')
  const sendMalformed = prober(() => t.app, 'malformed bodies')

  beforeAll(async () => {
    t = await createTestApp()
    const admin = await t.createMember({ role: 'admin', areas: [...AREA_KEYS] })
    token = await t.login(admin.email, admin.password)
  })
  afterAll(async () => {
    await t.close()
  })

  it.each(Object.entries(CONTROLS))(
    'refuses %s in every text field of every body, form, multipart form, query and address with a 400 naming the field',
    async (label, control) => {
      const code = `U+${control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
      const refused = `: contains a control character (${code}), which is not allowed`
      const value = `before${control}after`
      for (const { name, endpoint } of endpoints) {
        const route = `${endpoint.method} ${endpoint.path}`
        const url = address(endpoint)
        const headers = { ...bearer(token), 'idempotency-key': randomUUID() }
        const attempts: {
          what: string
          field: string
          res: Promise<{ statusCode: number; body: string }>
        }[] = []
        if (endpoint.body && endpoint.method !== 'GET') {
          const fields = fieldsOf(endpoint.body)
          for (const field of fields) {
            const body = Object.fromEntries(fields.map((f) => [f, f === field ? value : 'fine']))
            if (endpoint.multipart) {
              const form = multipart(body)
              attempts.push({
                what: 'multipart form',
                field,
                res: sendControl(route, {
                  method: endpoint.method,
                  url,
                  headers: { ...headers, ...form.headers },
                  payload: form.payload,
                }),
              })
            } else {
              attempts.push({
                what: 'JSON body',
                field,
                res: sendControl(route, { method: endpoint.method, url, headers, payload: body }),
              })
            }
            if (endpoint.formEncoded) {
              attempts.push({
                what: 'HTML form',
                field,
                res: sendControl(route, {
                  method: endpoint.method,
                  url,
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  payload: new URLSearchParams(body).toString(),
                }),
              })
            }
          }
        }
        if (endpoint.query) {
          for (const field of fieldsOf(endpoint.query)) {
            attempts.push({
              what: 'query',
              field,
              res: sendControl(route, {
                method: endpoint.method,
                url: `${url}?${new URLSearchParams({ [field]: value })}`,
                headers,
              }),
            })
          }
        }
        for (const [, param] of endpoint.path.matchAll(/:(\w+)/g)) {
          attempts.push({
            what: 'address',
            field: param!,
            res: sendControl(route, {
              method: endpoint.method,
              url: address(endpoint, param, value),
              headers,
            }),
          })
        }
        for (const attempt of attempts) {
          const res = await attempt.res
          const where = `${label} in ${name} (${route}), ${attempt.what}, ${attempt.field}`
          expect(res.statusCode, `${where}: ${res.body}`).toBe(400)
          const message = JSON.parse(res.body) as { message: string }
          expect(message.message, where).toBe(`${attempt.field}${refused}`)
        }
      }
    },
  )

  it('never answers 5xx to malformed bodies on any route that takes one', async () => {
    const bodies: [string, string, string][] = [
      ['an empty object', 'application/json', '{}'],
      ['an array', 'application/json', '[]'],
      ['a bare string', 'application/json', '"text"'],
      ['null', 'application/json', 'null'],
      [
        'a nested array 10,000 deep',
        'application/json',
        `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      ],
      ['a __proto__ field', 'application/json', '{"__proto__":{"admin":true}}'],
      ['a huge number', 'application/json', '{"position":1e308,"title":1e308}'],
      ['plain text', 'text/plain', 'hello'],
      ['unknown content type', 'application/x-made-up', 'hello'],
    ]
    for (const { name, endpoint } of endpoints) {
      if (!endpoint.body || endpoint.method === 'GET') continue
      const route = `${endpoint.method} ${endpoint.path}`
      for (const [what, type, payload] of bodies) {
        const res = await sendMalformed(route, {
          method: endpoint.method,
          url: address(endpoint),
          headers: { ...bearer(token), 'content-type': type, 'idempotency-key': randomUUID() },
          payload,
        })
        const where = `${what} to ${name} (${route}): ${res.body}`
        expect(res.statusCode, where).toBeLessThan(500)
        if (type === 'text/plain' && !endpoint.formEncoded) {
          expect(res.statusCode, where).toBe(415)
        }
        if (what === 'a __proto__ field') {
          expect(res.json<{ message: string }>().message, where).toContain('__proto__')
        }
      }
    }
    expect(cells.filter((c) => c.status >= 500)).toEqual([])
  })
})

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

describe('names and labels', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    const m = await t.createMember()
    token = await t.login(m.email, m.password)
  })
  afterAll(() => t.close())
  const postNote = (payload: { title: string; body: string }) =>
    t.app.inject({ method: 'POST', url: '/api/notes', headers: bearer(token), payload })

  it.each([
    ['a right-to-left override', 'Ann\u202Enoel'],
    ['a zero-width space', 'Ann\u200Bie'],
    ['a byte-order mark', 'Ann\uFEFFie'],
    ['a line break', 'Ann\nie'],
  ])('refuses %s in a note title, and keeps it in the note itself', async (_, title) => {
    const refused = await postNote({ title, body: 'fine' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ message: string }>().message).toMatch(/^title: Title is one line/)
    const kept = await postNote({ title: 'Fine', body: title })
    expect(kept.statusCode).toBe(201)
  })

  it('stores text in composed form (NFC): e + combining accent is stored as é', async () => {
    const res = await postNote({ title: 'Cafe\u0301', body: 'Cre\u0300me' })
    expect(res.statusCode).toBe(201)
    const note = res.json<{ data: { title: string; body: string } }>().data
    expect(note.title).toBe('Caf\u00e9')
    expect(note.body).toBe('Cr\u00e8me')
  })

  it('keeps zero-width joiners, which emoji and Persian names need', async () => {
    const res = await postNote({ title: 'می\u200Cخواهم 👩\u200D💻', body: '' })
    expect(res.statusCode).toBe(201)
  })
})

describe('a database refusal of a value', () => {
  it.each([
    ['22021', 400],
    ['22P05', 400],
    ['22001', 400],
    ['22003', 400],
    ['22007', 400],
    ['23502', 400],
    ['23514', 400],
    ['23505', 409],
    ['23503', 409],
  ])('is answered 4xx, not 500: code %s → %i', (code, status) => {
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('no'), { code }) })
    expect(databaseRefusal(wrapped)?.status).toBe(status)
  })

  it('leaves anything else to the 500 handler', () => {
    expect(databaseRefusal(Object.assign(new Error('gone'), { code: '08006' }))).toBeUndefined()
    expect(databaseRefusal(new Error('a bug'))).toBeUndefined()
  })
})
