import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startAppServer, type Started } from '../bench/process'
import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'
import { startDigistore24Fake, type Digistore24Fake } from './fakes/digistore24'
import { bearer, createTestApp, type TestApp } from './helpers'

const DS_KEY = '4711-ds24-instances-test-key'

/**
 * Two server instances on one database, as a deployment runs them: an import runs once
 * whichever instance (or both) starts it or ticks the schedule, and its progress and result
 * show on either.
 */
describe('two instances on one database', () => {
  let ds: Digistore24Fake
  let a: TestApp
  let b: TestApp
  let token: string
  beforeAll(async () => {
    ds = await startDigistore24Fake({
      apiKey: DS_KEY,
      transactions: Array.from({ length: 40 }, (_, i) => ({
        id: String(7000 + i),
        created_at: `2026-11-${String((i % 15) + 1).padStart(2, '0')} 10:05:00`,
        transaction_type: 'payment',
        purchase_id: `P${7000 + i}`,
        currency: 'EUR',
        amount: '97.00',
        earned_amount: '48.50',
        product_id: '11',
        product_name: 'Affiliate Kickstart',
        buyer_country: 'de',
      })),
    })
    const config = { digistore24ApiUrl: ds.url, earningsSyncMinutes: 60 }
    a = await createTestApp({ config })
    b = await createTestApp({ config, database: a.database })
    const when = Date.UTC(2026, 10, 20, 12)
    a.clock.now = when
    b.clock.now = when
    const maya = await a.createMember()
    token = await a.login(maya.email, maya.password)
  })
  afterAll(async () => {
    await b.close()
    await a.close()
    await ds.close()
  })

  const view = async (app: TestApp) =>
    (
      await app.app.inject({
        method: 'GET',
        url: '/api/earnings/accounts/digistore24',
        headers: bearer(token),
      })
    ).json().data

  it('runs an import once, shows its progress and result on both, and runs the schedule once', async () => {
    ds.failNext({ kind: 'slow', ms: 600 }, 1)
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/dgmemberinfo',
      headers: bearer(token),
      payload: { affiliateId: 'maya_ds24', apiKey: DS_KEY },
    })
    expect(saved.statusCode).toBe(200)
    // The other instance sees the import running, and asking it to import starts no second one.
    const seen = await view(b)
    expect(seen.sync).toMatchObject({ running: true })
    expect(seen.sync.startedAt).not.toBeNull()
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/earnings/accounts/digistore24/sync',
      headers: bearer(token),
      payload: {},
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().data.sync.running).toBe(true)
    let done = seen
    for (let i = 0; i < 200 && done.sync.running; i++) {
      await new Promise((r) => setTimeout(r, 25))
      done = await view(b)
    }
    expect(done).toMatchObject({
      transactions: 40,
      lastError: null,
      sync: { running: false, progress: 1, imported: 40, step: 'Done: 40 new rows' },
    })
    const firstRun = ds.requests.length

    // An hour on, both instances tick the schedule at once: one import runs.
    a.clock.now += 61 * 60 * 1000
    b.clock.now += 61 * 60 * 1000
    ds.failNext({ kind: 'slow', ms: 300 }, 1)
    await Promise.all([a.app.services.imports.tick(), b.app.services.imports.tick()])
    for (let i = 0; i < 200 && (await view(a)).sync.running; i++) {
      await new Promise((r) => setTimeout(r, 25))
    }
    expect((await view(a)).sync.step).toBe('Done: 0 new rows')
    const secondRun = ds.requests.length - firstRun
    expect(secondRun).toBeGreaterThan(0)
    expect(secondRun).toBeLessThanOrEqual(firstRun)
  })
})

const redisUrl = process.env.TEST_REDIS_URL

/**
 * Two real server processes on one PostgreSQL database and one Redis, as a deployment runs
 * them: imports, their progress, token revocation and rate limits behave as one product.
 */
describe.runIf(testDatabaseUrl() && redisUrl)(
  'two server processes on PostgreSQL and Redis',
  () => {
    let ds: Digistore24Fake
    let a: Started
    let b: Started
    const dir = mkdtempSync(join(tmpdir(), 'members-area-instances-'))
    let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined
    beforeAll(async () => {
      ds = await startDigistore24Fake({ apiKey: DS_KEY, transactions: [] })
      scratch = await scratchDatabase(testDatabaseUrl()!, 'members_area_instances')
      const env = {
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl!,
        JWT_SECRET: 'instances-secret-instances-secret-0123456789',
        EARNINGS_KEY: Buffer.alloc(32, 9).toString('base64'),
        DIGISTORE24_API_URL: ds.url,
        STATIC_DIR: '/nonexistent',
      }
      a = await startAppServer(join(dir, 'a'), env)
      b = await startAppServer(join(dir, 'b'), env)
    }, 120_000)
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()])
      await scratch?.drop()
      await ds?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    const call = (server: Started, method: string, path: string, token?: string, body?: object) =>
      fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })

    it('runs an import once with its progress on both, revokes a token on both at once, and shares rate limits', async () => {
      const email = `two-${Date.now()}@example.com`
      const password = 'Two#instances1'
      const signup = await call(a, 'POST', '/auth/signup', undefined, {
        firstName: 'Two',
        email,
        password,
      })
      const { token } = (await signup.json()) as { token: string }

      // An import started on A shows as running on B; asking B starts no second one.
      ds.failNext({ kind: 'slow', ms: 800 }, 1)
      const saved = await call(a, 'POST', '/dgmemberinfo', token, {
        affiliateId: 'two_ds24',
        apiKey: DS_KEY,
      })
      expect(saved.status).toBe(200)
      const onB = await call(b, 'POST', '/earnings/accounts/digistore24/sync', token, {})
      expect(
        ((await onB.json()) as { data: { sync: { running: boolean } } }).data.sync.running,
      ).toBe(true)
      let view = { sync: { running: true, step: '' } }
      for (let i = 0; i < 200 && view.sync.running; i++) {
        await new Promise((r) => setTimeout(r, 25))
        view = (
          (await (await call(b, 'GET', '/earnings/accounts/digistore24', token)).json()) as {
            data: typeof view
          }
        ).data
      }
      expect(view.sync.step).toBe('Done: 0 new rows')
      const imports = ds.requests.filter((r) => r.path.includes('listTransactions')).length
      expect(imports).toBe(1)

      // Signing out on A ends the token on B at once.
      expect((await call(b, 'GET', '/auth/current', token)).status).toBe(200)
      expect((await call(a, 'POST', '/auth/logout', token, {})).status).toBe(200)
      expect((await call(b, 'GET', '/auth/current', token)).status).toBe(401)

      // Failed sign-ins count together on both instances: the eleventh is refused.
      for (let i = 0; i < 10; i++) {
        const res = await call(i % 2 ? a : b, 'POST', '/auth/login', undefined, {
          email,
          password: 'Wrong#password1',
        })
        expect(res.status).toBe(401)
      }
      const refused = await call(a, 'POST', '/auth/login', undefined, { email, password })
      expect(refused.status).toBe(429)
    }, 60_000)
  },
)
