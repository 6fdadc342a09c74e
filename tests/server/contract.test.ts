import { gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'

import { withThousands, type Endpoint } from '@schemas/contract'
import { API_PREFIX, contract } from '@schemas/index'

import { REFERENCE_PATH } from '../../server/plugins/api-reference'
import { createTestApp, type TestApp } from './helpers'

const declared = Object.values(contract).flatMap((group) =>
  Object.values(group as Record<string, Endpoint>).map((e) => `${e.method} ${API_PREFIX}${e.path}`),
)

describe('the contract and the server agree', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('declares each endpoint once', () => {
    expect(new Set(declared).size).toBe(declared.length)
  })

  it('has a server route for every contract entry, and no /api route outside it but the reference page', () => {
    const api = t.app.routeList.filter((r) => r.split(' ')[1]!.startsWith(`${API_PREFIX}/`))
    const reference = api.filter((r) => r.split(' ')[1]!.startsWith(REFERENCE_PATH))
    expect(reference.sort()).toEqual(
      [
        `GET ${REFERENCE_PATH}`,
        `GET ${REFERENCE_PATH}/`,
        `GET ${REFERENCE_PATH}/js/scalar.js`,
      ].sort(),
    )
    expect(api.filter((r) => !reference.includes(r)).sort()).toEqual([...declared].sort())
  })

  it('serves the contract as an OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>()
    expect(doc.openapi).toMatch(/^3\./)
    for (const route of declared) {
      const [method, url] = route.split(' ') as [string, string]
      expect(doc.paths[url.replace(/:(\w+)/g, '{$1}')], url).toHaveProperty(method.toLowerCase())
    }
  })

  it('names each operation in a few words, and keeps its whole sentence as the description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { summary: string; description?: string }>>
    }>()
    expect(doc.paths['/api/updatePageAccess']!.put).toMatchObject({
      summary: "Set one member's page areas",
      description: "Set one member's page areas (administrators)",
    })
    expect(doc.paths['/api/getmember']!.get!.summary).toBe('List members')
    expect(doc.paths['/api/notes']!.post).toEqual(
      expect.objectContaining({ summary: 'Write a note' }),
    )
    expect(doc.paths['/api/notes']!.post!.description).toBeUndefined()
    const titles = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.summary),
    )
    expect(titles.filter((title) => title.length > 60)).toEqual([])
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([])
  })

  it("shows the server's checks in the OpenAPI document: patterns of names and links, limits", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >
    }>()
    type Field = { maxLength?: number; pattern?: string; allOf?: Field[] }
    const field = (path: string, name: string) => {
      const schema = doc.paths[path]?.post?.requestBody?.content['application/json']?.schema as {
        properties: Record<string, Field>
      }
      const found = schema.properties[name]!
      return [found, ...(found.allOf ?? [])]
    }
    const title = field('/api/notes', 'title')
    expect(title.map((f) => f.maxLength)).toContain(200)
    expect(
      title.some((f) => f.pattern && new RegExp(f.pattern).test('Ann\u202Enoel') === false),
    ).toBe(true)
    const link = field('/api/healthniche', 'link')
    expect(link.some((f) => f.pattern && !new RegExp(f.pattern).test('not a link'))).toBe(true)
    const hashtags = field('/api/healthniche', 'hashtags').filter((f) => f.pattern)
    const refused = (value: string) =>
      hashtags.some((f) => !new RegExp(f.pattern!, 'u').test(value))
    expect(refused('#sleep #energy')).toBe(false)
    expect(refused('sleep energy')).toBe(true)
    expect(refused(Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' '))).toBe(true)
    const translate = doc.paths['/api/ai/translate']?.post?.requestBody?.content['application/json']
      ?.schema as { description?: string }
    expect(translate.description).toMatch(/from and to differ/)
  })
})

describe('the readable API reference', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('is a page of its own origin under the strict page policy, with no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: REFERENCE_PATH })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const policy = String(res.headers['content-security-policy'])
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/)
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    // One script from this origin; the other holds settings only (JSON is never run).
    expect(
      scripts.map(([, attributes]) => /src="\/api\/reference\/js\/scalar\.js"/.test(attributes!)),
    ).toContain(true)
    for (const [, attributes, body] of scripts) {
      expect(/src=|type="application\/json"/.test(attributes!), attributes).toBe(true)
      expect(body!.trim()).toBe('')
    }
    expect(res.body).not.toMatch(/(src|href)="https?:/)
    expect(res.body).toContain('data-url="/api/docs"')
    expect(
      (await t.app.inject({ method: 'GET', url: `${REFERENCE_PATH}/` })).headers.location,
    ).toBe(REFERENCE_PATH)
  })

  it('sends its script gzipped, cached for a day', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${REFERENCE_PATH}/js/scalar.js`,
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    const script = gunzipSync(res.rawPayload).toString()
    expect(script).toContain('createApiReference')
    expect(res.rawPayload.length).toBeLessThan(script.length / 3)
  })

  it('describes signing in, the error answer and the Idempotency-Key once, and refers to them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      info: { description: string }
      components: {
        responses: { Error: unknown }
        parameters: { IdempotencyKey: { name: string } }
        securitySchemes: { bearer: { scheme: string } }
      }
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { $ref?: string }[]; responses: Record<string, { $ref?: string }> }
        >
      >
    }>()
    expect(doc.info.description).toMatch(/Authorization: Bearer/)
    expect(doc.info.description).toMatch(/\{ "message": "…" \}/)
    expect(doc.info.description).toMatch(/Idempotency-Key/)
    expect(doc.components.parameters.IdempotencyKey.name).toBe('Idempotency-Key')
    expect(doc.components.securitySchemes.bearer.scheme).toBe('bearer')
    const notes = doc.paths['/api/notes']!
    expect(notes.post!.responses.default!.$ref).toBe('#/components/responses/Error')
    expect(notes.post!.parameters?.map((p) => p.$ref)).toContain(
      '#/components/parameters/IdempotencyKey',
    )
    expect(notes.get!.parameters?.map((p) => p.$ref) ?? []).not.toContain(
      '#/components/parameters/IdempotencyKey',
    )
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses.default, `${method} ${path}`).toBeDefined()
      }
    }
  })
})

/** Every schema in `schema` (itself included) with the path to it. */
function* schemasIn(schema: unknown, at: string): Generator<[z.core.$ZodType, string]> {
  const zod = schema as z.core.$ZodType
  if (!zod?._zod) return
  yield [zod, at]
  const def = zod._zod.def as unknown as Record<string, unknown>
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        yield* schemasIn(field, `${at}.${name}`)
      }
      break
    case 'array':
      yield* schemasIn(def.element, `${at}[]`)
      break
    case 'union':
      for (const option of def.options as unknown[]) yield* schemasIn(option, at)
      break
    case 'pipe':
      yield* schemasIn(def.in, at)
      break
    case 'record':
      yield* schemasIn(def.valueType, `${at}.*`)
      break
    default:
      if (def.innerType) yield* schemasIn(def.innerType, at)
  }
}

describe("the OpenAPI document shows every rule of the contract's input", () => {
  it('a rule a JSON schema cannot state (a refinement) is told in its description', () => {
    const untold: string[] = []
    for (const group of Object.values(contract)) {
      for (const endpoint of Object.values(group as Record<string, Endpoint>)) {
        const route = `${endpoint.method} ${endpoint.path}`
        for (const [part, schema] of Object.entries({
          params: endpoint.params,
          query: endpoint.query,
          body: endpoint.body,
        })) {
          for (const [found, at] of schemasIn(schema, `${route} ${part}`)) {
            const refines = (found._zod.def.checks ?? []).some(
              (check) => check._zod.def.check === 'custom',
            )
            if (refines && !z.globalRegistry.get(found)?.description) untold.push(at)
          }
        }
      }
    }
    expect(untold).toEqual([])
  })
})

describe('withThousands', () => {
  it('writes whole numbers as English does, with a comma every three digits', () => {
    expect([0, 999, 1_000, 5_000, 30_000, 123_456, 1_000_000_000].map(withThousands)).toEqual([
      '0',
      '999',
      '1,000',
      '5,000',
      '30,000',
      '123,456',
      '1,000,000,000',
    ])
  })
})
