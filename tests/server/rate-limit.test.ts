import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestApp, freshDatabase, type TestApp } from './helpers'

describe('rate limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        loginFailuresPerAccount: { points: 10, durationSeconds: 900 },
        loginFailuresPerIp: { points: 25, durationSeconds: 900 },
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

  it('allows 10 failed logins per account in 15 minutes, then 429 with Retry-After', async () => {
    const member = await t.createMember()
    for (let i = 0; i < 10; i++) {
      const res = await login(member.email, 'wrong', `10.1.0.${i}`)
      expect(res.statusCode).toBe(401)
    }
    const blocked = await login(member.email, member.password, '10.1.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800)
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Try again later.' })
  })

  it('limits an unknown account exactly like a known one', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push((await login('ghost@example.com', 'wrong', `10.2.0.${i}`)).statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429])
  })

  it('a successful login clears the account counter', async () => {
    const member = await t.createMember()
    for (let i = 0; i < 9; i++) await login(member.email, 'wrong', '10.3.0.1')
    expect((await login(member.email, member.password, '10.3.0.1')).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) {
      expect((await login(member.email, 'wrong', '10.3.0.2')).statusCode).toBe(401)
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
  it('counts failures of one account across two server instances', async () => {
    const database = await freshDatabase()
    const limits = { loginFailuresPerAccount: { points: 4, durationSeconds: 900 } }
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
