import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signInDelayMs } from '../../server/services/auth'
import { createTestApp, freshDatabase, type TestApp } from './helpers'

const METRICS_TOKEN = 'rate-limit-metrics-token-0123456789'

describe('signInDelayMs', () => {
  it('holds nothing before the free failures are used, then doubles up to 10 s', () => {
    expect([4, 5, 6, 7, 10, 40, 5000].map((n) => signInDelayMs(n, 5, 500))).toEqual([
      0, 500, 1000, 2000, 10_000, 10_000, 10_000,
    ])
  })
})

describe('rate limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      config: { metricsToken: METRICS_TOKEN, signInDelayMs: 1 },
      rateLimits: {
        loginFailuresPerAccountAndIp: { points: 10, durationSeconds: 900 },
        loginFailuresPerAccount: { points: 5, durationSeconds: 3600 },
        loginFailuresPerIp: { points: 25, durationSeconds: 900 },
        knownSignInAddresses: { points: 1, durationSeconds: 14 * 24 * 3600 },
        mailRequestsPerAccount: { points: 3, durationSeconds: 900 },
        mailRequestsPerIp: { points: 8, durationSeconds: 900 },
        tokenAttemptsPerIp: { points: 5, durationSeconds: 900 },
      },
    })
  })
  afterAll(() => t.close())

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    })

  /** Sign-ins held so far, from /metrics. */
  const holds = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    const line = res.body.split('\n').find((l) => l.startsWith('members_area_sign_in_holds_total '))
    return Number(line?.split(' ')[1])
  }

  it('allows 10 failed logins of an account from one address in 15 minutes, then 429 with Retry-After there only', async () => {
    const member = await t.createMember()
    for (let i = 0; i < 10; i++) {
      expect((await login(member.email, 'wrong', '10.1.0.1')).statusCode).toBe(401)
    }
    const blocked = await login(member.email, member.password, '10.1.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800)
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Try again later.' })
    // The same account from another address is not refused.
    expect((await login(member.email, member.password, '10.1.0.2')).statusCode).toBe(200)
  })

  it('does not let anyone lock a member out: failures from everywhere hold new addresses, never the owner’s', async () => {
    const member = await t.createMember()
    // The owner signs in from home: an address the account knows from now on.
    expect((await login(member.email, member.password, '10.6.0.1')).statusCode).toBe(200)
    // Ten wrong passwords from ten other addresses.
    for (let i = 0; i < 10; i++) {
      expect((await login(member.email, 'wrong', `10.6.1.${i}`)).statusCode).toBe(401)
    }
    const before = await holds()
    // From home: at once, not held, not refused.
    expect((await login(member.email, member.password, '10.6.0.1')).statusCode).toBe(200)
    expect(await holds()).toBe(before)
    // From an address the account has not signed in from: held a moment, then signed in.
    expect((await login(member.email, member.password, '10.6.2.1')).statusCode).toBe(200)
    expect(await holds()).toBe(before + 1)
    // And the e-mail link keeps working.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: member.email },
      remoteAddress: '10.6.3.1',
    })
    expect(sent.statusCode).toBe(200)
    await expect.poll(() => t.mail.filter((m) => m.to === member.email).length).toBe(1)
    const link = t.mail.find((m) => m.to === member.email)!.link!
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link/verify',
      payload: { token: link.split('/').pop() },
      remoteAddress: '10.6.3.1',
    })
    expect(verified.statusCode).toBe(200)
  })

  it('limits an unknown account exactly like a known one', async () => {
    const member = await t.createMember()
    for (const email of ['ghost@example.com', member.email]) {
      const statuses: number[] = []
      for (let i = 0; i < 11; i++)
        statuses.push((await login(email, 'wrong', '10.2.0.1')).statusCode)
      expect(statuses).toEqual([...Array(10).fill(401), 429])
    }
  })

  it('a successful login clears the count of its address', async () => {
    const member = await t.createMember()
    for (let i = 0; i < 9; i++) await login(member.email, 'wrong', '10.3.0.1')
    expect((await login(member.email, member.password, '10.3.0.1')).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) {
      expect((await login(member.email, 'wrong', '10.3.0.1')).statusCode).toBe(401)
    }
  })

  it('limits failed logins per IP across accounts', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 26; i++) {
      statuses.push((await login(`spray${i}@example.com`, 'wrong', '10.4.0.1')).statusCode)
    }
    expect(statuses.slice(0, 25).every((s) => s === 401)).toBe(true)
    expect(statuses[25]).toBe(429)
    const member = await t.createMember()
    expect((await login(member.email, member.password, '10.4.0.2')).statusCode).toBe(200)
  })

  it('limits reset and link requests per account and per IP, the same for unknown e-mails', async () => {
    const member = await t.createMember()
    for (const email of [member.email, 'ghost2@example.com']) {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const url = i % 2 ? '/api/auth/login-link' : '/api/auth/forgot-password'
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { email },
          remoteAddress: `10.5.${email.length}.${i}`,
        })
        statuses.push(res.statusCode)
      }
      expect(statuses, email).toEqual([200, 200, 200, 429])
    }
    const perIp: number[] = []
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `someone${i}@example.com` },
        remoteAddress: '10.6.0.1',
      })
      perIp.push(res.statusCode)
    }
    expect(perIp).toEqual([...Array(8).fill(200), 429])
  })

  it('limits guessing of link and challenge tokens per IP', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: i % 2 ? '/api/auth/login-link/verify' : '/api/auth/two-steps',
        payload: i % 2 ? { token: 'a'.repeat(43) } : { challenge: 'a'.repeat(43), code: '000000' },
        remoteAddress: '10.7.0.1',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 5).every((s) => s === 400 || s === 401)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})

const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  it('counts failures of one account from one address across two server instances', async () => {
    const database = await freshDatabase()
    const limits = { loginFailuresPerAccountAndIp: { points: 4, durationSeconds: 900 } }
    const prefix = `shared-${Date.now()}`
    const a = await createTestApp({
      database,
      rateLimits: limits,
      redisUrl,
      rateLimitPrefix: prefix,
    })
    const b = await createTestApp({
      database,
      rateLimits: limits,
      redisUrl,
      rateLimitPrefix: prefix,
    })
    try {
      const member = await a.createMember()
      const fail = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: member.email, password: 'wrong' },
        })
      expect((await fail(a)).statusCode).toBe(401)
      expect((await fail(b)).statusCode).toBe(401)
      expect((await fail(a)).statusCode).toBe(401)
      expect((await fail(b)).statusCode).toBe(401)
      expect((await fail(a)).statusCode).toBe(429)
      expect((await fail(b)).statusCode).toBe(429)
    } finally {
      await a.close()
      await b.close()
      await database.close()
    }
  })
})
