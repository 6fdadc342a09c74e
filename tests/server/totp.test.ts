import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { totpCode } from '../../server/services/totp'
import { bearer, createTestApp, type TestApp } from './helpers'

const STEP = 30_000

describe('two-step verification (TOTP)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  /** A member with two-step on; the clock sits at the start of a fresh time step. */
  async function memberWithTotp() {
    t.clock.now = Math.floor(Date.now() / STEP) * STEP + 5000
    const member = await t.createMember()
    const token = await t.login(member.email, member.password)
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload })
    const setup = await post('/api/auth/totp/setup', { password: member.password })
    expect(setup.statusCode).toBe(200)
    const { secret, otpauthUrl } = setup.json<{ data: { secret: string; otpauthUrl: string } }>()
      .data
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//)
    const wrongPassword = await post('/api/auth/totp/enable', {
      password: 'not it',
      code: totpCode(secret, t.clock.now),
    })
    expect(wrongPassword.statusCode).toBe(400)
    const wrongCode = await post('/api/auth/totp/enable', {
      password: member.password,
      code: totpCode(secret, t.clock.now + 10 * STEP),
    })
    expect(wrongCode.statusCode).toBe(400)
    const enable = await post('/api/auth/totp/enable', {
      password: member.password,
      code: totpCode(secret, t.clock.now),
    })
    expect(enable.statusCode).toBe(200)
    t.clock.now += STEP // the enabling code's step is used up
    return { ...member, secret, post }
  }

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  const twoSteps = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/two-steps', payload: { challenge, code } })
  const challengeOf = async (email: string, password: string) => {
    const res = await login(email, password)
    expect(res.statusCode).toBe(200)
    const body = res.json<{ token?: string; challenge: { token: string; method: string } }>()
    expect(body.token).toBeUndefined()
    expect(body.challenge.method).toBe('totp')
    return body.challenge.token
  }

  it('answers a challenge instead of a token, and the code completes it', async () => {
    const m = await memberWithTotp()
    const challenge = await challengeOf(m.email, m.password)
    const res = await twoSteps(challenge, totpCode(m.secret, t.clock.now))
    expect(res.statusCode).toBe(200)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: bearer(res.json<{ token: string }>().token),
    })
    expect(me.json()).toMatchObject({ email: m.email, twoFactorEnabled: true })
    expect((await twoSteps(challenge, totpCode(m.secret, t.clock.now + STEP))).statusCode).toBe(401)
  })

  it('accepts the codes of one step before and after, not two', async () => {
    const m = await memberWithTotp()
    for (const offset of [-1, 1]) {
      t.clock.now += 3 * STEP
      const challenge = await challengeOf(m.email, m.password)
      const res = await twoSteps(challenge, totpCode(m.secret, t.clock.now + offset * STEP))
      expect(res.statusCode, `step ${offset}`).toBe(200)
    }
    for (const offset of [-2, 2]) {
      t.clock.now += 5 * STEP
      const challenge = await challengeOf(m.email, m.password)
      const res = await twoSteps(challenge, totpCode(m.secret, t.clock.now + offset * STEP))
      expect(res.statusCode, `step ${offset}`).toBe(401)
    }
  })

  it('never accepts the same code twice', async () => {
    const m = await memberWithTotp()
    const code = totpCode(m.secret, t.clock.now)
    expect((await twoSteps(await challengeOf(m.email, m.password), code)).statusCode).toBe(200)
    const replay = await twoSteps(await challengeOf(m.email, m.password), code)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ message: 'The code is not valid' })
    // an older step is no good either once a newer one was used
    const older = totpCode(m.secret, t.clock.now - STEP)
    expect((await twoSteps(await challengeOf(m.email, m.password), older)).statusCode).toBe(401)
  })

  it('voids the challenge after five wrong codes', async () => {
    const m = await memberWithTotp()
    const challenge = await challengeOf(m.email, m.password)
    const wrong = totpCode(m.secret, t.clock.now + 10 * STEP)
    for (let i = 0; i < 5; i++) expect((await twoSteps(challenge, wrong)).statusCode).toBe(401)
    const right = await twoSteps(challenge, totpCode(m.secret, t.clock.now))
    expect(right.statusCode).toBe(401)
    expect(right.json()).toEqual({ message: 'This verification has expired. Sign in again.' })
  })

  it('expires a challenge after five minutes', async () => {
    const m = await memberWithTotp()
    const challenge = await challengeOf(m.email, m.password)
    t.clock.now += 5 * 60 * 1000 + 1
    expect((await twoSteps(challenge, totpCode(m.secret, t.clock.now))).statusCode).toBe(401)
  })

  it('asks for the code after a sign-in link too', async () => {
    const m = await memberWithTotp()
    await t.app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email: m.email } })
    await t.app.services.tasks.drain()
    const token = t.mail.at(-1)!.link!.split('/').pop()!
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link/verify',
      payload: { token },
    })
    expect(verify.statusCode).toBe(200)
    const { challenge } = verify.json<{ challenge: { token: string } }>()
    expect((await twoSteps(challenge.token, totpCode(m.secret, t.clock.now))).statusCode).toBe(200)
  })

  it('turns off only with the password and a valid code', async () => {
    const m = await memberWithTotp()
    const code = totpCode(m.secret, t.clock.now)
    expect((await m.post('/api/auth/totp/disable', { password: 'nope', code })).statusCode).toBe(
      400,
    )
    expect(
      (
        await m.post('/api/auth/totp/disable', {
          password: m.password,
          code: totpCode(m.secret, t.clock.now + 9 * STEP),
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await m.post('/api/auth/totp/disable', { password: m.password, code })).statusCode,
    ).toBe(200)
    const res = await login(m.email, m.password)
    expect(res.json()).toHaveProperty('token')
  })

  it('refuses a challenge token that was never issued', async () => {
    expect((await twoSteps('x'.repeat(43), '123456')).statusCode).toBe(401)
  })
})
