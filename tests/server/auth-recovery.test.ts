import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bearer, createTestApp, type TestApp } from './helpers'

const tokenFrom = (link: string) =>
  new URL(link).searchParams.get('token') ?? new URL(link).pathname.split('/').pop()!

describe('password reset', () => {
  let t: TestApp
  let member: { id: string; email: string; password: string }
  beforeAll(async () => {
    t = await createTestApp()
    member = await t.createMember()
  })
  afterAll(() => t.close())

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } })
  const lastLink = async () => {
    await t.app.services.tasks.drain()
    return t.mail.at(-1)!.link!
  }

  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const before = t.mail.length
    const known = await forgot(member.email)
    const unknown = await forgot('nobody@example.com')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    await t.app.services.tasks.drain()
    expect(t.mail.length).toBe(before + 1)
    expect(t.mail.at(-1)!.to).toBe(member.email)
    expect(t.mail.at(-1)!.link).toMatch(/^http:\/\/members\.test\/auth\/forgot-password\?token=/)
  })

  it('sends a token of at least 128 random bits, stored only as a hash', async () => {
    await forgot(member.email)
    const token = tokenFrom(await lastLink())
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
    const { authTokens } = await import('../../server/db/schema')
    const rows = await t.database.db.select().from(authTokens)
    expect(rows.some((r) => r.tokenHash === token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true)
  })

  it('resets once, revokes earlier tokens, and does not sign the member in', async () => {
    const session = await t.login(member.email, member.password)
    await forgot(member.email)
    const token = tokenFrom(await lastLink())
    const first = await reset(token, 'A brand new password')
    expect(first.statusCode).toBe(200)
    expect(first.json()).not.toHaveProperty('token')
    expect(JSON.stringify(first.json())).not.toMatch(/eyJ/)
    const second = await reset(token, 'Another new password')
    expect(second.statusCode).toBe(400)
    expect(second.json()).toEqual({
      message: 'This link is invalid or has expired. Request a new one.',
    })
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: bearer(session),
    })
    expect(old.statusCode).toBe(401)
    await expect(t.login(member.email, member.password)).rejects.toThrow()
    member.password = 'A brand new password'
    expect(await t.login(member.email, member.password)).toBeTruthy()
  })

  it('expires after 10 minutes', async () => {
    await forgot(member.email)
    const token = tokenFrom(await lastLink())
    t.clock.now += 10 * 60 * 1000 + 1
    const res = await reset(token, 'Too late for this one')
    t.clock.now = Date.now()
    expect(res.statusCode).toBe(400)
  })

  it('voids an older link when a new one is sent', async () => {
    await forgot(member.email)
    const older = tokenFrom(await lastLink())
    await forgot(member.email)
    const newer = tokenFrom(await lastLink())
    expect((await reset(older, 'Password from the old link')).statusCode).toBe(400)
    expect((await reset(newer, 'Password from the new link')).statusCode).toBe(200)
    member.password = 'Password from the new link'
  })

  it('refuses a made-up token and a too short password', async () => {
    expect((await reset('A'.repeat(43), 'Whatever password')).statusCode).toBe(400)
    await forgot(member.email)
    const res = await reset(tokenFrom(await lastLink()), 'short')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('password: Password must be at least 8 characters')
  })
})

describe('sign-in link', () => {
  let t: TestApp
  let member: { id: string; email: string; password: string }
  beforeAll(async () => {
    t = await createTestApp()
    member = await t.createMember()
  })
  afterAll(() => t.close())

  const request = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email } })
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login-link/verify', payload: { token } })
  const lastToken = async () => {
    await t.app.services.tasks.drain()
    const link = t.mail.at(-1)!.link!
    expect(link).toMatch(/^http:\/\/members\.test\/auth\/login\/verify\/[A-Za-z0-9_-]{43}$/)
    return tokenFrom(link)
  }

  it('answers the same for known and unknown e-mails', async () => {
    const known = await request(member.email)
    const unknown = await request('nobody@example.com')
    expect(known.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
  })

  it('signs in once with a POST; a GET of the link page cannot use it up', async () => {
    await request(member.email)
    const token = await lastToken()
    const scanner = await t.app.inject({
      method: 'GET',
      url: `/api/auth/login-link/verify?token=${token}`,
    })
    expect(scanner.statusCode).toBe(404)
    const first = await verify(token)
    expect(first.statusCode).toBe(200)
    const session = first.json<{ token: string }>().token
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: bearer(session),
    })
    expect(me.json().email).toBe(member.email)
    const second = await verify(token)
    expect(second.statusCode).toBe(400)
  })

  it('expires after 10 minutes', async () => {
    await request(member.email)
    const token = await lastToken()
    t.clock.now += 10 * 60 * 1000 + 1
    const res = await verify(token)
    t.clock.now = Date.now()
    expect(res.statusCode).toBe(400)
  })

  it('is not a password reset token, and a reset token is not a sign-in link', async () => {
    await request(member.email)
    const linkToken = await lastToken()
    const asReset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: linkToken, password: 'Hijacked password' },
    })
    expect(asReset.statusCode).toBe(400)
    expect((await verify(linkToken)).statusCode).toBe(200)
  })
})

describe('password change', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('needs the current password, revokes earlier tokens and returns a working one', async () => {
    const member = await t.createMember()
    const other = await t.login(member.email, member.password)
    const session = await t.login(member.email, member.password)
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(session),
        payload: { currentPassword, newPassword: 'Changed password 1' },
      })
    const wrong = await change('not the password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ message: 'The current password is not correct' })
    const ok = await change(member.password)
    expect(ok.statusCode).toBe(200)
    const fresh = ok.json<{ token: string }>().token
    const current = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/current', headers: bearer(token) })
    expect((await current(other)).statusCode).toBe(401)
    expect((await current(session)).statusCode).toBe(401)
    expect((await current(fresh)).statusCode).toBe(200)
    expect(await t.login(member.email, 'Changed password 1')).toBeTruthy()
  })
})

describe('housekeeping', () => {
  it('removes single-use tokens a day after they expired, and keeps live ones', async () => {
    const t = await createTestApp()
    try {
      const member = await t.createMember()
      const { authTokens } = await import('../../server/db/schema')
      const { deleteStaleAuthTokens } = await import('../../server/repos/auth-tokens')
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: member.email },
      })
      await t.app.services.tasks.drain()
      expect(await t.database.db.select().from(authTokens)).toHaveLength(1)
      await deleteStaleAuthTokens(t.database.db, new Date(Date.now() + 60 * 60 * 1000))
      expect(await t.database.db.select().from(authTokens)).toHaveLength(1)
      await deleteStaleAuthTokens(t.database.db, new Date(Date.now() + 25 * 60 * 60 * 1000))
      expect(await t.database.db.select().from(authTokens)).toHaveLength(0)
    } finally {
      await t.close()
    }
  })
})
