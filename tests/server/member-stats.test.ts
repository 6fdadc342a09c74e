import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { members } from '../../server/db/schema'
import { weekStart } from '../../server/repos/member-stats'
import { writeMemberOutside } from './fixtures'
import { bearer, createTestApp, type TestApp } from './helpers'

const DAY = 86_400_000

describe("the administrator's member figures", () => {
  let t: TestApp
  let adminToken: string
  let memberToken: string
  beforeAll(async () => {
    t = await createTestApp()
    const admin = await t.createMember({ role: 'admin' })
    adminToken = await t.login(admin.email, admin.password)
    const member = await t.createMember()
    memberToken = await t.login(member.email, member.password)
  })
  afterAll(() => t.close())

  const stats = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/memberstats', headers: bearer(token) })

  /** A member who joined `days` ago. */
  const joined = async (days: number) => {
    const { id } = await t.createMember()
    await writeMemberOutside(t, id, () =>
      t.database.db
        .update(members)
        .set({ createdAt: new Date(t.clock.now - days * DAY) })
        .where(eq(members.id, id)),
    )
  }

  it('is for administrators only', async () => {
    expect((await stats(memberToken)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/memberstats' })).statusCode).toBe(401)
  })

  it('counts members, administrators, recent sign-ups by 30 days and by week, and recent changes', async () => {
    const before = (await stats(adminToken)).json().data
    expect(before.weeks).toHaveLength(12)
    await joined(3)
    await joined(40)
    await joined(45)
    await joined(200)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/createmember',
      headers: bearer(adminToken),
      payload: { email: 'new.stats@example.com', firstName: 'New' },
    })
    expect(created.statusCode).toBe(201)

    const res = await stats(adminToken)
    expect(res.statusCode).toBe(200)
    const after = res.json().data
    expect(after.total).toBe(before.total + 5)
    expect(after.admins).toBe(before.admins)
    expect(after.joinedLast30Days).toBe(before.joinedLast30Days + 2)
    expect(after.joinedPrevious30Days).toBe(before.joinedPrevious30Days + 2)
    expect(after.adminChangesLast7Days).toBe(before.adminChangesLast7Days + 1)

    const weeks = after.weeks as { start: string; count: number }[]
    expect(weeks.at(-1)!.start).toBe(new Date(weekStart(t.clock.now)).toISOString().slice(0, 10))
    expect(weeks.map((w) => new Date(`${w.start}T00:00:00Z`).getUTCDay())).toEqual(
      Array(12).fill(1),
    )
    const sum = (list: { count: number }[]) => list.reduce((n, w) => n + w.count, 0)
    // The 200-day-old member is outside the 12 weeks; the other four are in.
    expect(sum(weeks)).toBe(sum(before.weeks) + 4)
    const weekOf = (days: number) =>
      new Date(weekStart(t.clock.now - days * DAY)).toISOString().slice(0, 10)
    const at = (start: string) => weeks.find((w) => w.start === start)!.count
    const was = (start: string) =>
      (before.weeks as { start: string; count: number }[]).find((w) => w.start === start)!.count
    expect(at(weekOf(40))).toBeGreaterThan(was(weekOf(40)))
  })
})
