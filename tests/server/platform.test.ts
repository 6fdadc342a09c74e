import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bearer, createTestApp, type TestApp } from './helpers'

describe('health', () => {
  it('answers 200 while the process answers, saying whether the database does', async () => {
    const t = await createTestApp()
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({
      data: { status: 'ok', database: 'up', driver: t.database.driver },
    })
    await t.database.close()
    const down = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(down.statusCode).toBe(200)
    expect(down.json()).toEqual({
      data: { status: 'ok', database: 'down', driver: t.database.driver },
    })
    await t.app.close()
  })
})

describe('errors are JSON messages, never 5xx for bad input', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    })

  it('answers unknown /api paths with 404 JSON', async () => {
    for (const url of ['/api/nope', '/api', '/api/auth/login/nope']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toEqual({ message: 'Not found' })
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/auth/login' })
    expect(wrongMethod.statusCode).toBe(404)
    expect(wrongMethod.json()).toHaveProperty('message')
  })

  it('refuses bad JSON', async () => {
    const res = await login('{"email": ')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' })
  })

  it('refuses a wrong content type', async () => {
    const res = await login('email=a@b.c&password=x', 'application/x-www-form-urlencoded')
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toMatch(/content type/i)
  })

  it('refuses an oversized body', async () => {
    const res = await login(
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    )
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'The request body is too large' })
  })

  it('names an unknown field', async () => {
    const res = await login(JSON.stringify({ email: 'a@b.co', password: 'x', admin: true }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/admin/)
  })

  it('names a wrongly typed or missing field', async () => {
    const wrongType = await login(JSON.stringify({ email: 'a@b.co', password: 42 }))
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().message).toMatch(/^password: /)
    const badEmail = await login(JSON.stringify({ email: 'not-an-email', password: 'x' }))
    expect(badEmail.json().message).toBe('email: Enter a valid e-mail address')
    const missing = await login(JSON.stringify({ password: 'x' }))
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/^email: /)
  })

  it('rejects prototype-poisoning keys', async () => {
    for (const payload of [
      '{"email":"a@b.co","password":"x","__proto__":{"role":"admin"}}',
      '{"email":"a@b.co","password":"x","constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await login(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: 'The request body may not use "__proto__" or "constructor" as a field name',
      })
    }
  })

  it('names a wrong query parameter', async () => {
    const admin = await t.createMember({ role: 'admin' })
    const token = await t.login(admin.email, admin.password)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/getmember?pageSize=1000',
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('pageSize: pageSize is at most 100')
  })

  it('quotes at most a short prefix of an unknown field, however long', async () => {
    const key = `k${'x'.repeat(900 * 1024)}`
    const res = await login(JSON.stringify({ email: 'a@b.co', password: 'x', [key]: 1 }))
    expect(res.statusCode).toBe(400)
    expect(res.body.length).toBeLessThan(1000)
    expect(res.json().message).toContain(`"k${'x'.repeat(39)}…"`)
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, i]))
    const all = await login(JSON.stringify({ email: 'a@b.co', password: 'x', ...many }))
    expect(all.statusCode).toBe(400)
    expect(all.body.length).toBeLessThan(1000)
  })

  it('refuses half of a character (a lone surrogate), naming the field, in values and names', async () => {
    const lone = await login('{"email":"a@b.co","password":"ab\\ud800c"}')
    expect(lone.statusCode).toBe(400)
    expect(lone.json()).toEqual({
      message: 'password: contains half of a character (U+D800), which is not text',
    })
    const trailing = await login('{"email":"a@b.co","password":"\\udc00"}')
    expect(trailing.json().message).toMatch(/^password: contains half of a character \(U\+DC00\)/)
    const key = await login('{"email":"a@b.co","password":"x","a\\ud800":1}')
    expect(key.statusCode).toBe(400)
    expect(key.json().message).toMatch(/field name contains half of a character/)
    // A whole character outside the first plane (two halves together) is text.
    const emoji = await login('{"email":"a@b.co","password":"\\ud83d\\ude00"}')
    expect(emoji.statusCode).toBe(401)
  })

  it('refuses a body that is not UTF-8, naming the field, instead of storing U+FFFD', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"email":"a@b.co","password":"ab'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'password: is not valid UTF-8 text' })
    // U+FFFD sent as UTF-8 is a character like any other.
    const replacement = await login('{"email":"a@b.co","password":"a\uFFFDb"}')
    expect(replacement.statusCode).toBe(401)
  })

  it('answers what the router refuses as any other error: a short message, the headers, no-store', async () => {
    const admin = await t.createMember({ role: 'admin' })
    const token = await t.login(admin.email, admin.password)
    for (const [url, status, message] of [
      [
        '/api/notes/%E0%A4%A',
        400,
        'The address is not valid: a % in it does not start a character',
      ],
      [`/api/notes/${'a'.repeat(5000)}`, 414, 'The address is too long'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
      expect(res.statusCode, url.slice(0, 40)).toBe(status)
      expect(res.json()).toEqual({ message })
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      expect(res.body).not.toContain('%E0')
    }
  })

  it('never shows a stack trace', async () => {
    const res = await login('{"email": "a@b.co", "password": [')
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/)
  })
})

describe('headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('sends the data-only security headers and no-store on API answers', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/auth/current']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/)
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
  })

  it("sends the page's policy on everything else", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // Framed nowhere, by the old header too, as frame-ancestors 'none' says.
    expect(res.headers['x-frame-options']).toBe('DENY')
  })
})

describe('the built app', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'members-area-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("app")')
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    mkdirSync(join(dist, 'pages', 'auth'), { recursive: true })
    writeFileSync(join(dist, 'pages', 'auth', 'login.html'), '<div id="root">Sign in</div>')
    mkdirSync(join(dist, 'pages', 'admin'))
    writeFileSync(join(dist, 'pages', 'admin', 'dashboard.html'), '<div id="root">Dashboard</div>')
    writeFileSync(join(dist, 'pages', 'any-query.json'), JSON.stringify(['/admin/dashboard']))
    t = await createTestApp({ config: { staticDir: dist } })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-security-policy']).toBeDefined()
  })

  it('answers every non-API path with index.html, never cached', async () => {
    for (const url of [
      '/',
      '/admin/dashboard',
      '/auth/login/verify/abc',
      '/index.html',
      '/nope?x=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.body).toContain('<div id="root">')
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('answers a page with an index.html of its own at its exact address, and index.html when a query may change it', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth/login' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe('<div id="root">Sign in</div>')
    expect(page.headers['cache-control']).toBe('no-cache')
    for (const url of ['/auth/login?via=link', '/auth/login/', '/auth/log']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>')
    }
  })

  it('answers a page the build lists in any-query.json with its own index.html, whatever its query', async () => {
    for (const url of ['/admin/dashboard', '/admin/dashboard?year=2026&month=3']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.body, url).toBe('<div id="root">Dashboard</div>')
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    for (const url of ['/admin/dashboard/', '/admin/dashboards?year=2026']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>')
    }
  })

  it('keeps API paths out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Not found' })
  })
})
