import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CourseInsights, Nudge } from '@schemas/insights'

import { seedDemoEarnings } from '../../server/db/demo-earnings'
import { networkAccounts, transactions } from '../../server/db/schema'
import { seedDemo } from '../../server/services/seed'
import { bearer, createTestApp, type TestApp } from './helpers'

describe("the demo's first start", () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp()
    expect(await seedDemo(t.database.db)).toBe(true)
    admin = await t.login('admin@example.com', 'Admin#2026')
  })
  afterAll(() => t.app.close())

  const get = async <T>(url: string, token: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
    expect(response.statusCode).toBe(200)
    return (response.json() as { data: T }).data
  }

  it("gives both members progress in the training, so the insights' funnel is not empty", async () => {
    const { courses } = await get<CourseInsights>('/api/insights/courses', admin)
    const training = courses.find((c) => c.key === 'training')!
    expect(training.started).toBe(2)
    const reached = training.lessons.map((lesson) => lesson.reached)
    expect(reached.slice(0, 4)).toEqual([2, 2, 2, 2])
    expect(reached.at(-1)).toBe(0)
  })

  it('has a member to nudge after two weeks without progress', async () => {
    const idle = await get<{ items: Nudge[] }>('/api/insights/nudges?kind=idle', admin)
    expect(idle.items.map((n) => n.email)).toEqual(['member@example.com'])
  })

  it('offers the demo member the lesson they stopped in', async () => {
    const member = await t.login('member@example.com', 'Member#2026')
    const { resume } = await get<{ resume: { path: string; position: number } | null }>(
      '/api/courses',
      member,
    )
    expect(resume).toMatchObject({ path: '/admin/training/module2/lesson2', position: 0.45 })
  })

  it('creates nothing on a second start', async () => {
    expect(await seedDemo(t.database.db)).toBe(false)
  })
})

describe("the demo member's earnings", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  it('have sales in the current month from its first minutes, and none still to come', async () => {
    const member = await t.createMember()
    const now = Date.UTC(2026, 11, 1, 0, 5)
    await seedDemoEarnings(t.database.db, member.id, now)
    const rows = await t.database.db
      .select({
        network: networkAccounts.network,
        kind: transactions.kind,
        at: transactions.occurredAt,
      })
      .from(transactions)
      .innerJoin(networkAccounts, eq(networkAccounts.id, transactions.accountRef))
      .where(eq(networkAccounts.memberId, member.id))
    const thisMonth = rows.filter((r) => r.kind === 'sale' && r.at.getTime() >= Date.UTC(2026, 11))
    expect(new Set(thisMonth.map((r) => r.network))).toEqual(new Set(['clickbank', 'digistore24']))
    expect(Math.max(...rows.map((r) => r.at.getTime()))).toBeLessThanOrEqual(now)
  })
})
