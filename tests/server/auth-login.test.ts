import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deleteMemberForTest, demoteForTest } from './fixtures'
import { bearer, createTestApp, JWT_SECRET, type TestApp } from './helpers'

const key = new TextEncoder().encode(JWT_SECRET)
const THREE_DAYS = 3 * 24 * 60 * 60

describe('sign-in with e-mail and password', () => {
  let t: TestApp
  let member: { id: string; email: string; password: string }
  beforeAll(async () => {
    t = await createTestApp()
    member = await t.createMember({ email: 'Maya@Example.com' })
  })
  afterAll(() => t.close())

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers })

  it('answers an HS256 token with sub, role, iat and exp = iat + 3 days in seconds', async () => {
    const res = await login('maya@example.com', member.password)
    expect(res.statusCode).toBe(200)
    const { token } = res.json<{ token: string }>()
    expect(decodeProtectedHeader(token).alg).toBe('HS256')
    const claims = decodeJwt(token)
    expect(claims.sub).toBe(member.id)
    expect(claims.role).toBe('member')
    expect(claims.exp! - claims.iat!).toBe(THREE_DAYS)
    expect(claims.iat).toBe(Math.floor(t.clock.now / 1000))
  })

  it('treats the e-mail without regard to case and surrounding space', async () => {
    expect((await login('  MAYA@example.COM ', member.password)).statusCode).toBe(200)
  })

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login(member.email, 'wrong password')
    const unknownEmail = await login('nobody@example.com', member.password)
    expect(wrongPassword.statusCode).toBe(401)
    expect(unknownEmail.statusCode).toBe(401)
    expect(wrongPassword.body).toBe(unknownEmail.body)
    expect(wrongPassword.json()).toEqual({ message: 'Invalid e-mail or password' })
  })

  it('tells the current member and role from the token', async () => {
    const token = await t.login(member.email, member.password)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      role: 'member',
      id: member.id,
      email: 'maya@example.com',
      twoFactorEnabled: false,
    })
  })

  it('answers 401 without a token or with a malformed header', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not.a.jwt', 'token']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/current',
        headers: authorization ? { authorization } : {},
      })
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(res.json()).toHaveProperty('message')
    }
  })

  it('logout revokes every earlier token', async () => {
    const first = await t.login(member.email, member.password)
    const second = await t.login(member.email, member.password)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(first),
    })
    expect(out.statusCode).toBe(200)
    for (const token of [first, second]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/current',
        headers: bearer(token),
      })
      expect(res.statusCode).toBe(401)
    }
    const fresh = await t.login(member.email, member.password)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: bearer(fresh),
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('the token check refuses every bad token (401)', () => {
  let t: TestApp
  let member: { id: string; email: string; password: string }
  let good: string
  beforeAll(async () => {
    t = await createTestApp()
    member = await t.createMember()
    good = await t.login(member.email, member.password)
  })
  afterAll(() => t.close())

  const current = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/current', headers: bearer(token) })

  const sign = (
    claims: Record<string, unknown>,
    options: { iat?: number; exp?: number | null; key?: Uint8Array } = {},
  ) => {
    const iat = options.iat ?? Math.floor(t.clock.now / 1000)
    const jwt = new SignJWT({ role: 'member', tv: 0, ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.id)
      .setIssuedAt(iat)
    if (options.exp !== null) jwt.setExpirationTime(options.exp ?? iat + THREE_DAYS)
    return jwt.sign(options.key ?? key)
  }

  it('accepts a well-formed token (the baseline of this matrix)', async () => {
    expect((await current(good)).statusCode).toBe(200)
    expect((await current(await sign({}))).statusCode).toBe(200)
  })

  it('refuses alg none', async () => {
    const [, payload] = good.split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect((await current(`${header}.${payload}.`)).statusCode).toBe(401)
    expect((await current(`${header}.${payload}`)).statusCode).toBe(401)
  })

  it('refuses a token signed with another key', async () => {
    const other = new TextEncoder().encode('another-secret-another-secret-another-secret')
    expect((await current(await sign({}, { key: other }))).statusCode).toBe(401)
  })

  it('refuses a flipped signature byte', async () => {
    const [h, p, s] = good.split('.') as [string, string, string]
    const bytes = Buffer.from(s, 'base64url')
    bytes[0] = bytes[0]! ^ 0x01
    expect((await current(`${h}.${p}.${bytes.toString('base64url')}`)).statusCode).toBe(401)
  })

  it('refuses a tampered payload', async () => {
    const [h, , s] = good.split('.') as [string, string, string]
    const payload = { ...decodeJwt(good), role: 'admin' }
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64url')
    expect((await current(`${h}.${forged}.${s}`)).statusCode).toBe(401)
  })

  it('refuses an expired token, also at the exact second of exp', async () => {
    const iat = Math.floor(t.clock.now / 1000) - THREE_DAYS - 10
    expect((await current(await sign({}, { iat, exp: iat + THREE_DAYS }))).statusCode).toBe(401)
    const saved = t.clock.now
    t.clock.now = (decodeJwt(good).exp as number) * 1000
    expect((await current(good)).statusCode).toBe(401)
    t.clock.now = saved
  })

  it('refuses exp in milliseconds and a missing exp', async () => {
    const iat = Math.floor(t.clock.now / 1000)
    expect((await current(await sign({}, { exp: (iat + THREE_DAYS) * 1000 }))).statusCode).toBe(401)
    expect((await current(await sign({}, { exp: null }))).statusCode).toBe(401)
  })

  it('refuses a token of a deleted member', async () => {
    const gone = await t.createMember()
    const token = await t.login(gone.email, gone.password)
    await deleteMemberForTest(t, gone.id)
    expect((await current(token)).statusCode).toBe(401)
  })

  it('refuses a revoked token (older token version)', async () => {
    expect((await current(await sign({ tv: -1 }))).statusCode).toBe(401)
  })

  it('refuses a token with unknown role or no subject', async () => {
    expect((await current(await sign({ role: 'root' }))).statusCode).toBe(401)
    const noSub = await new SignJWT({ role: 'member', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key)
    expect((await current(noSub)).statusCode).toBe(401)
  })
})

describe('the Role header is never trusted', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('gives a member token with Role: admin 403 on an admin call', async () => {
    const member = await t.createMember()
    const token = await t.login(member.email, member.password)
    for (const role of [undefined, 'admin', 'Admin']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/getmember',
        headers: { ...bearer(token), ...(role ? { role } : {}) },
      })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'You do not have access to this' })
    }
  })

  it('lets an admin token through whatever the Role header says', async () => {
    const admin = await t.createMember({ role: 'admin' })
    const token = await t.login(admin.email, admin.password)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/getmember',
      headers: { ...bearer(token), role: 'member' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('takes the role from the member as it is now, not as it was when the token was issued', async () => {
    const member = await t.createMember({ role: 'admin' })
    const token = await t.login(member.email, member.password)
    await demoteForTest(t, member.id)
    const res = await t.app.inject({ method: 'GET', url: '/api/getmember', headers: bearer(token) })
    expect(res.statusCode).toBe(403)
  })
})
