import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AREA_KEYS } from '@schemas/access'

import { databaseRefusal } from '../../server/plugins/errors'
import { address, endpoints, fieldsOf, probeTable } from './bad-input-probes'
import { bearer, createTestApp, multipart, type TestApp } from './helpers'

/** Values no route may take, sent to every field of every route; and how refusals are answered. */
const { cells, prober } = probeTable()

const CONTROLS = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  DEL: '\u007f',
  'C1 next line': '\u0085',
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
