import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Endpoint } from '../../api-schemas/contract'
import { API_PREFIX, contract } from '../../api-schemas/index'
import { type TestApp, createTestApp } from './helpers'

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

  it('has a server route for every contract entry, and no /api route outside it', () => {
    const api = t.app.routeList.filter((r) => r.split(' ')[1]!.startsWith(`${API_PREFIX}/`))
    expect([...api].sort()).toEqual([...declared].sort())
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
  })
})
