import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  insights,
  type CourseInsight,
  type CourseInsights,
  type LearningEarnings,
  type SaleGroup,
} from '@schemas/insights'

import { lessonProgress, lessons } from '../../server/db/schema'
import { deleteAccount } from '../../server/repos/accounts'
import { bearer, createTestApp, type TestApp } from './helpers'
import {
  completeAll,
  dataOf,
  DAY,
  earnings,
  firstSaleOf,
  importRows,
  memberFor,
  progress,
  STEPS,
  TRAINING,
  TRAINING_ALL,
  type Who,
} from './insights-fixtures'

describe('course funnels', () => {
  let t: TestApp
  let adminToken: string
  let T0: number
  const m: Record<string, Who> = {}
  const digistore = async () => {
    const all = await dataOf<CourseInsights>(t, adminToken, '/api/insights/courses')
    return { all, course: all.courses.find((c) => c.key === 'digistore')! }
  }
  const step = (course: CourseInsight, n: number) => course.lessons[n - 1]!

  beforeAll(async () => {
    t = await createTestApp()
    T0 = t.clock.now
    const admin = await memberFor(t, { role: 'admin' })
    adminToken = await t.login(admin.email, admin.password)
    const days = (n: number) => T0 - n * DAY
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) {
      m[name] = await memberFor(t, { areas: ['digistoreTraining'] })
    }
    // A, B and C complete all five steps: opened step 1 at the start, completed step 5 at
    // the end; 10, 4 and 6 days. Median of (4, 6, 10) = 6.
    await completeAll(t, m.A!, STEPS.slice(0, 4), days(30))
    await progress(t, m.A!, STEPS[4]!, days(20))
    await completeAll(t, m.B!, STEPS.slice(0, 4), days(40))
    await progress(t, m.B!, STEPS[4]!, days(36))
    await completeAll(t, m.C!, STEPS.slice(0, 4), days(10))
    await progress(t, m.C!, STEPS[4]!, days(4))
    // D and E completed steps 1-2 and nothing for over 14 days: they stopped at step 3.
    await completeAll(t, m.D!, STEPS.slice(0, 2), days(20))
    await completeAll(t, m.E!, STEPS.slice(0, 2), days(30))
    // F read half of step 1 fifteen days ago: stopped at step 1.
    await progress(t, m.F!, STEPS[0]!, days(15), { position: 0.5 })
    // G completed steps 1-3 yesterday: still going, not stopped.
    await completeAll(t, m.G!, STEPS.slice(0, 3), days(1))
    // The administrator's own progress counts nowhere.
    await completeAll(t, admin, STEPS, days(50))
  })
  afterAll(() => t.close())

  it('counts who started, reached and completed each lesson, by hand', async () => {
    const { all, course } = await digistore()
    expect(all.members).toBe(7) // A to G; the administrator is not a member here
    expect(course.started).toBe(7)
    expect(course.completed).toBe(3) // A, B, C
    expect(course.medianDaysToComplete).toBe(6)
    expect(course.lessons.map((l) => [l.order, l.reached, l.completed])).toEqual([
      [1, 7, 6], // everyone opened it, F did not complete it
      [2, 6, 6], // A B C D E G
      [3, 4, 4], // A B C G
      [4, 3, 3], // A B C
      [5, 3, 3],
    ])
    // Step 1: six completed (1 each) and F at 0.5: 6.5 / 7 = 0.929.
    expect(step(course, 1).averagePosition).toBe(0.929)
    expect(step(course, 2).averagePosition).toBe(1)
    expect(step(course, 1)).toMatchObject({ path: STEPS[0], module: null })
    expect(step(course, 1).readingMinutes).toBeGreaterThan(0)
    // D and E stopped at step 3, F at step 1, G is active, A B C finished.
    expect(course.mostStopAt).toEqual({
      path: STEPS[2],
      title: step(course, 3).title,
      members: 2,
    })
    const untouched = all.courses.find((c) => c.key === 'sidehustle')!
    expect(untouched).toMatchObject({ started: 0, completed: 0, medianDaysToComplete: null })
    expect(untouched.mostStopAt).toBeNull()
    expect(untouched.lessons.every((l) => l.reached === 0 && l.averagePosition === null)).toBe(true)
  })

  it('keeps the summaries current as progress is saved, undone and deleted', async () => {
    // D finishes today, through the lesson screen: 20 days from start to finish.
    const token = await t.login(m.D!.email, m.D!.password)
    for (const path of STEPS.slice(2)) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/lesson/progress?path=${encodeURIComponent(path)}`,
        headers: bearer(token),
        payload: { completed: true },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    let { course } = await digistore()
    expect(course.completed).toBe(4)
    // (4, 6, 10, 20): (6 + 10) / 2 = 8.
    expect(course.medianDaysToComplete).toBe(8)
    expect(step(course, 3)).toMatchObject({ reached: 5, completed: 5 })
    // E at step 3 and F at step 1, one each: the earlier lesson is named.
    expect(course.mostStopAt).toMatchObject({ path: STEPS[0], members: 1 })

    // G takes back the completion of step 3 and scrolls up to 0.25.
    await progress(t, m.G!, STEPS[2]!, T0, { completed: false, position: 0.25 })
    ;({ course } = await digistore())
    expect(step(course, 3)).toMatchObject({ reached: 5, completed: 4 })
    // Four completed (4) and G at 0.25: 4.25 / 5 = 0.85.
    expect(step(course, 3).averagePosition).toBe(0.85)

    // E's progress on step 2 is removed: E now stopped at step 2, and step 2 lost a reader.
    await t.database.db
      .delete(lessonProgress)
      .where(and(eq(lessonProgress.memberId, m.E!.id), eq(lessonProgress.path, STEPS[1]!)))
    ;({ course } = await digistore())
    // Step 2 was reached by A B C D E G: now by five.
    expect(step(course, 2)).toMatchObject({ reached: 5, completed: 5 })
    expect(course.started).toBe(7)
    // Only F (step 1) and E (now step 2) stopped, one each: the earlier lesson is named.
    expect(course.mostStopAt).toMatchObject({ path: STEPS[0], members: 1 })
  })
})

describe('learning and earnings', () => {
  let t: TestApp
  let adminToken: string
  const who: Record<string, Who> = {}
  const figures = () =>
    dataOf<LearningEarnings>(t, adminToken, '/api/insights/learning-earnings?course=training')
  const shown = (g: SaleGroup) => [
    g.members,
    g.medianDaysToFirstSale,
    g.within30,
    g.within60,
    g.within90,
  ]

  beforeAll(async () => {
    t = await createTestApp()
    const admin = await memberFor(t, { role: 'admin' })
    adminToken = await t.login(admin.email, admin.password)
    const joined = t.clock.now - 400 * DAY
    const sale = (days: number | null) => (days === null ? [] : [{ at: joined + days * DAY }])
    // First sale, in days after joining (null: none yet), and the training lessons completed.
    const plan: [string, number | null, string[]][] = [
      ['N1', 10, []],
      ['N2', 20, []],
      ['N3', 40, []],
      ['N4', 100, []],
      ['N5', null, []],
      ['S1', 5, TRAINING[0]!],
      ['S2', 15, TRAINING[0]!],
      ['S3', 25, TRAINING[0]!],
      ['S4', null, TRAINING[0]!],
      ['C1', 1, TRAINING_ALL],
      ['C2', 2, TRAINING_ALL],
      ['C3', 3, TRAINING_ALL],
      ['C4', 50, TRAINING_ALL],
      ['C5', 200, TRAINING_ALL],
    ]
    for (const [name, days, lessons] of plan) {
      who[name] = await memberFor(t, { joinedAt: joined, areas: ['training'] })
      // A refund before the first sale is not a sale.
      await earnings(t, who[name]!, [{ at: joined + DAY / 2, kind: 'refund' }, ...sale(days)])
      await completeAll(t, who[name]!, lessons, joined + DAY)
    }
    // Learners without a connected account, and an administrator with one, are not counted.
    const learner = await memberFor(t, { joinedAt: joined })
    await completeAll(t, learner, TRAINING_ALL, joined + DAY)
    await earnings(t, admin, sale(1))
  })
  afterAll(() => t.close())

  it('groups first sales by completion and by module, by hand', async () => {
    const f = await figures()
    expect(f.course).toEqual({ key: 'training', title: 'Digital-marketing training' })
    expect(f.membersWithEarnings).toBe(14)
    // All 14; sellers' days 1 2 3 5 10 15 | 20 25 40 50 100 200: median (15 + 20) / 2 = 17.5;
    // within 30: 8 of 14, within 60 and 90: 10 of 14.
    expect(shown(f.overall)).toEqual([14, 17.5, 0.5714, 0.7143, 0.7143])
    const [none, some, all] = f.byCompletion
    expect(f.byCompletion.map((g) => g.label)).toEqual([
      'Completed none',
      'Completed some',
      'Completed all',
    ])
    // None: 10 20 40 100 and one without a sale: median 30; 2, 3, 3 of 5.
    expect(shown(none!)).toEqual([5, 30, 0.4, 0.6, 0.6])
    // Some: only four members, so nothing of it is shown.
    expect(some).toEqual({
      label: 'Completed some',
      members: null,
      shown: false,
      medianDaysToFirstSale: null,
      within30: null,
      within60: null,
      within90: null,
    })
    // All: 1 2 3 50 200: median 3; 3, 4, 4 of 5.
    expect(shown(all!)).toEqual([5, 3, 0.6, 0.8, 0.8])
    expect(f.byModule.map((x) => [x.module, x.title])).toEqual([
      [1, 'Foundations'],
      [2, 'Offers and links'],
      [3, 'Traffic, trust and growth'],
    ])
    const [m1, m2, m3] = f.byModule
    // Module 1 completed by S1-S4 and C1-C5: sellers 1 2 3 5 15 25 50 200: median (5 + 15) / 2
    // = 10; within 30: 6 of 9, within 60 and 90: 7 of 9.
    expect(shown(m1!.completed)).toEqual([9, 10, 0.6667, 0.7778, 0.7778])
    expect(shown(m1!.notCompleted)).toEqual([5, 30, 0.4, 0.6, 0.6])
    // Modules 2 and 3: C1-C5 completed them; N and S did not: sellers 5 10 15 20 25 40 100:
    // median 20; within 30: 5 of 9, within 60 and 90: 6 of 9.
    for (const x of [m2!, m3!]) {
      expect(shown(x.completed)).toEqual([5, 3, 0.6, 0.8, 0.8])
      expect(shown(x.notCompleted)).toEqual([9, 20, 0.5556, 0.6667, 0.6667])
    }
  })

  it('shows a group from five members on', async () => {
    const s5 = await memberFor(t, { joinedAt: t.clock.now - 400 * DAY })
    await earnings(t, s5)
    await completeAll(t, s5, TRAINING[0]!, t.clock.now - 300 * DAY)
    const some = (await figures()).byCompletion[1]!
    // 5 15 25 and two without a sale: median 15; 3 of 5 within every window.
    expect(some.shown).toBe(true)
    expect(shown(some)).toEqual([5, 15, 0.6, 0.6, 0.6])
  })

  it('keeps first sales current through imports, deletes and removed accounts', async () => {
    const joined = t.clock.now - 100 * DAY
    const late = await memberFor(t, { joinedAt: joined })
    const account = await earnings(t, late, [{ at: joined + 70 * DAY }])
    expect(await firstSaleOf(t, late.id)).toBe(joined + 70 * DAY)
    // An import brings an earlier sale (and a refund even earlier, which is no sale).
    await importRows(t, account.id, [
      { at: joined + 2 * DAY, kind: 'refund' },
      { at: joined + 45 * DAY },
    ])
    expect(await firstSaleOf(t, late.id)).toBe(joined + 45 * DAY)
    // That sale is deleted: the one after it is the first again.
    await t.database.db.execute(sql`
      delete from transactions
      where account_ref = ${account.id} and kind = 'sale'
        and occurred_at < ${new Date(joined + 50 * DAY).toISOString()}`)
    expect(await firstSaleOf(t, late.id)).toBe(joined + 70 * DAY)
    // The account goes, its transactions with it: no first sale, and no longer counted.
    const before = (await figures()).membersWithEarnings
    await deleteAccount(t.database.db, account.id)
    expect(await firstSaleOf(t, late.id)).toBeNull()
    expect((await figures()).membersWithEarnings).toBe(before - 1)
  })

  it('sums members again when a lesson moves to another module', async () => {
    const modulesOf = async (id: string) =>
      (
        (await t.database.db.execute(sql`
          select module, lessons_completed as done from member_module_progress
          where member_id = ${id} and course_key = 'training' order by module`)) as unknown as {
          rows: { module: number; done: number }[]
        }
      ).rows.map((r) => [r.module, r.done])
    expect(await modulesOf(who.C1!.id)).toEqual([
      [1, 2],
      [2, 3],
      [3, 6],
    ])
    // The first lesson of module 2 becomes the third of module 1, as a content reload would do.
    const moved = TRAINING[1]![0]!
    await t.database.db
      .update(lessons)
      .set({ module: 1, position: 3 })
      .where(eq(lessons.path, moved))
    expect(await modulesOf(who.C1!.id)).toEqual([
      [1, 3],
      [2, 2],
      [3, 6],
    ])
    // S1 completed both lessons module 1 had: now 2 of its 3, so module 1 is not completed.
    expect(await modulesOf(who.S1!.id)).toEqual([[1, 2]])
    const f = await figures()
    expect(f.byModule[0]!.completed.members).toBe(5) // C1-C5 only
    await t.database.db
      .update(lessons)
      .set({ module: 2, position: 1 })
      .where(eq(lessons.path, moved))
    expect(await modulesOf(who.C1!.id)).toEqual([
      [1, 2],
      [2, 3],
      [3, 6],
    ])
  })

  it('answers 404 for an unknown course', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/insights/learning-earnings?course=nosuchcourse',
      headers: bearer(adminToken),
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('access', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers 403 to a member and 401 to no one on every insights endpoint', async () => {
    const member = await memberFor(t, { areas: ['training'] })
    const token = await t.login(member.email, member.password)
    const entries = Object.values(insights)
    expect(entries).toHaveLength(6)
    for (const entry of entries) {
      const url = `/api${entry.path.replace(':memberId', member.id)}`
      const query =
        entry.path === '/insights/nudges/draft'
          ? `?memberId=${member.id}&kind=idle`
          : entry.path === '/insights/nudges'
            ? '?kind=idle'
            : ''
      const payload =
        entry.method === 'POST'
          ? { memberId: member.id, kind: 'idle', subject: 'Hello', body: 'Come back' }
          : undefined
      const as = (headers: Record<string, string>) =>
        t.app.inject({ method: entry.method, url: url + query, headers, payload })
      expect((await as(bearer(token))).statusCode, entry.path).toBe(403)
      expect((await as({})).statusCode, entry.path).toBe(401)
    }
  })
})
