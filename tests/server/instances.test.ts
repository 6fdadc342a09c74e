import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Digistore24Fake, startDigistore24Fake } from './fakes/digistore24'
import { type TestApp, bearer, createTestApp } from './helpers'

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
