import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AreaKey } from '@schemas/access'
import type { CheckSource } from '@schemas/checks'
import type { Post } from '@schemas/community'
import type { AreaUnlock, Leaderboard } from '@schemas/leaderboard'
import type { AuditEntry, Profile } from '@schemas/members'
import { LEVEL_POINTS, levelOf, POINTS, type Momentum } from '@schemas/momentum'

import { memberPoints, members, pointEvents } from '../../server/db/schema'
import { rowsOf } from '../../server/repos/insights'
import { streakOf } from '../../server/services/momentum'
import { bearer, createTestApp, json, type TestApp } from './helpers'

interface Caller {
  id: string
  email: string
  password: string
  token: string
}

let t: TestApp
let admin: Caller

const NOW = Date.parse('2026-11-29T12:00:00Z')
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  t.clock.now = NOW
  admin = await make('admin')
})
afterAll(() => t.close())

async function make(role: 'admin' | 'member' = 'member', areas: AreaKey[] = ['training']) {
  const m = await t.createMember({ role, areas })
  // Joined long ago: no lesson waits for its drip day.
  await t.database.db
    .update(members)
    .set({ createdAt: new Date(NOW - 400 * DAY) })
    .where(eq(members.id, m.id))
  return { ...m, token: await t.login(m.email, m.password) } as Caller
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Caller,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) })

async function ok<T>(res: Promise<{ statusCode: number; body: string }>, status = 200) {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return json<{ data: T }>(r as never).data
}

const momentum = (who: Caller) => ok<Momentum>(call('GET', '/api/momentum', who))
const board = (who: Caller, period: '7d' | '30d' | 'all') =>
  ok<Leaderboard>(call('GET', `/api/leaderboard?period=${period}`, who))
const progress = (who: Caller, path: string, body: object) =>
  ok(call('PUT', `/api/lesson/progress?path=${encodeURIComponent(path)}`, who, body))

const LESSON = '/admin/training/module1/lesson1'
const LESSON_2 = '/admin/training/module1/lesson2'

async function passCheck(who: Caller, module: number) {
  const source = await ok<CheckSource>(call('GET', `/api/checks/training/${module}/source`, admin))
  const ids = ['a', 'b', 'c', 'd', 'e']
  const answers = Object.fromEntries(
    source.questions.map((q) => [q.id, ids.filter((_, i) => q.options[i]?.correct)]),
  )
  return ok(call('POST', `/api/checks/training/${module}/attempts`, who, { answers }))
}

const like = (who: Caller, postId: string, on: boolean) =>
  ok(call('PUT', `/api/community/posts/${postId}/reactions`, who, { reaction: 'like', on }))

async function post(who: Caller, title: string) {
  return ok<Post>(
    call('POST', '/api/community/posts', who, {
      title,
      body: 'Which bridge page layout keeps readers on the page?',
      category: 'questions',
    }),
    201,
  )
}

/** What the tally kept, then what a recount from the events gives: they must be the same. */
async function tallyMatchesRecount() {
  const read = () =>
    t.database.db
      .select()
      .from(memberPoints)
      .orderBy(memberPoints.memberId)
      .then((rows) => rows.map((r) => ({ ...r })))
  const today = new Date(t.clock.now).toISOString().slice(0, 10)
  await t.database.db.execute(sql`select points_windows_refresh(${today}::date)`)
  const kept = await read()
  await t.database.db.execute(sql`select points_rebuild(${today}::date)`)
  expect(await read()).toEqual(kept)
}

describe('points and levels', () => {
  it('are the same in the database as in the contract', async () => {
    const points = LEVEL_POINTS.flatMap((p) => [p - 1, p, p + 1]).filter((p) => p >= 0)
    const rows = await rowsOf<{ points: number; level: number }>(
      t.database.db.execute(
        sql`select p as points, points_level(p) as level from unnest(${`{${points.join(',')}}`}::int[]) p`,
      ),
    )
    expect(rows.map((r) => r.level)).toEqual(points.map(levelOf))
    expect(levelOf(0)).toBe(1)
    expect(levelOf(33015)).toBe(9)
    for (const [kind, value] of Object.entries(POINTS)) {
      const [row] = await rowsOf<{ v: number }>(
        t.database.db.execute(sql`select points_of(${kind}) as v`),
      )
      expect(row!.v).toBe(value)
    }
  })

  it('come from completed lessons, passed checks and likes received, and go with what is taken back', async () => {
    const maya = await make()
    const milo = await make()
    expect(await momentum(maya)).toMatchObject({
      points: 0,
      level: 1,
      next: { level: 2, at: 5, missing: 5 },
    })

    await progress(maya, LESSON, { position: 0.5 })
    expect((await momentum(maya)).points).toBe(0)
    await progress(maya, LESSON, { completed: true })
    await progress(maya, LESSON, { completed: true })
    expect(await momentum(maya)).toMatchObject({
      points: POINTS.lesson,
      level: 2,
      next: { level: 3, at: 20, missing: 15 },
    })
    await progress(maya, LESSON, { completed: false })
    expect((await momentum(maya)).points).toBe(0)
    await progress(maya, LESSON, { completed: true })
    await progress(maya, LESSON_2, { completed: true })
    expect((await momentum(maya)).points).toBe(2 * POINTS.lesson)

    // A check's points come once, however often it is passed again.
    await passCheck(maya, 1)
    await passCheck(maya, 1)
    expect((await momentum(maya)).points).toBe(2 * POINTS.lesson + POINTS.check)

    const thread = await post(maya, 'Bridge page layouts')
    await like(maya, thread.id, true)
    expect((await momentum(maya)).points).toBe(2 * POINTS.lesson + POINTS.check)
    await like(milo, thread.id, true)
    await like(milo, thread.id, true)
    expect((await momentum(maya)).points).toBe(2 * POINTS.lesson + POINTS.check + 1)
    expect((await momentum(milo)).points).toBe(0)

    // The community shows the author's level on their posts.
    const feed = await ok<{ items: Post[] }>(call('GET', '/api/community/posts', milo))
    expect(feed.items.find((p) => p.id === thread.id)!.author.level).toBe(levelOf(21))

    await like(milo, thread.id, false)
    expect((await momentum(maya)).points).toBe(2 * POINTS.lesson + POINTS.check)
    await tallyMatchesRecount()
  })
})

describe('the leaderboard', () => {
  it('ranks the members who chose to appear, by the points of each period, counted from the day', async () => {
    const [ann, ben, cai, dee] = [await make(), await make(), await make(), await make()]
    const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY)
    // ann: 10 today, 20 twenty days ago, 100 a year ago; ben: 25 three days ago;
    // cai: 40 today, not listed; dee: 5 eight days ago.
    await t.database.db.insert(pointEvents).values([
      { memberId: ann.id, kind: 'like', ref: 'a1', points: 10, at: at(0) },
      { memberId: ann.id, kind: 'like', ref: 'a2', points: 20, at: at(20) },
      { memberId: ann.id, kind: 'like', ref: 'a3', points: 100, at: at(365) },
      { memberId: ben.id, kind: 'like', ref: 'b1', points: 25, at: at(3) },
      { memberId: cai.id, kind: 'like', ref: 'c1', points: 40, at: at(0) },
      { memberId: dee.id, kind: 'like', ref: 'd1', points: 5, at: at(8) },
    ])
    for (const who of [ann, ben, dee]) await ok(call('PUT', '/api/momentum', who, { listed: true }))

    const names = (b: Leaderboard) =>
      b.rows
        .filter((r) => [ann, ben, cai, dee].some((w) => w.id === r.memberId))
        .map((r) => [r.memberId, r.points])
    expect(names(await board(ann, '7d'))).toEqual([
      [ben.id, 25],
      [ann.id, 10],
    ])
    expect(names(await board(ann, '30d'))).toEqual([
      [ann.id, 30],
      [ben.id, 25],
      [dee.id, 5],
    ])
    expect(names(await board(ann, 'all'))).toEqual([
      [ann.id, 130],
      [ben.id, 25],
      [dee.id, 5],
    ])
    const week = await board(ann, '7d')
    expect(week.rows[0]).toMatchObject({ rank: 1, level: levelOf(25), name: 'Test Member' })
    expect(week.you).toEqual({ rank: 2, points: 10, listed: true })
    expect((await board(cai, '7d')).you).toEqual({ rank: null, points: 40, listed: false })

    // 11 days later this week's points have left the 7 days, and ann's of 20 days ago the 30.
    t.clock.now = NOW + 11 * DAY
    for (const who of [ann, ben]) who.token = await t.login(who.email, who.password)
    try {
      expect(names(await board(ann, '7d'))).toEqual([])
      expect(names(await board(ann, '30d'))).toEqual([
        [ben.id, 25],
        [ann.id, 10],
        [dee.id, 5],
      ])
      await ok(call('PUT', '/api/momentum', ben, { listed: false }))
      expect(names(await board(ann, 'all'))).toEqual([
        [ann.id, 130],
        [dee.id, 5],
      ])
      await tallyMatchesRecount()
    } finally {
      t.clock.now = NOW
      ann.token = await t.login(ann.email, ann.password)
      await board(ann, '7d')
    }
  })
})

describe('streaks', () => {
  it('count days in a row, ending today or yesterday', () => {
    expect(streakOf('2026-11-29', [])).toEqual({ days: 0, today: false })
    expect(streakOf('2026-11-29', ['2026-11-29', '2026-11-28', '2026-11-26'])).toEqual({
      days: 2,
      today: true,
    })
    expect(streakOf('2026-11-29', ['2026-11-28', '2026-11-27'])).toEqual({
      days: 2,
      today: false,
    })
    expect(streakOf('2026-11-29', ['2026-11-27'])).toEqual({ days: 0, today: false })
    // Across a month's and a year's end, and 29 February.
    expect(streakOf('2028-03-01', ['2028-03-01', '2028-02-29', '2028-02-28'])).toEqual({
      days: 3,
      today: true,
    })
    expect(streakOf('2027-01-01', ['2027-01-01', '2026-12-31'])).toEqual({ days: 2, today: true })
  })

  /** Learns at each instant (a lesson opened), then reads the streak at `now`. */
  async function streakAfter(zone: string, instants: string[], now: string) {
    const who = await make()
    await ok(call('PUT', '/api/momentum', who, { timeZone: zone }))
    try {
      // Signed in at each instant: a session lasts less than the days between them.
      for (const instant of instants) {
        t.clock.now = Date.parse(instant)
        who.token = await t.login(who.email, who.password)
        await progress(who, LESSON, { position: 0.2 })
      }
      t.clock.now = Date.parse(now)
      who.token = await t.login(who.email, who.password)
      return (await momentum(who)).streak
    } finally {
      t.clock.now = NOW
    }
  }

  it('count the days of the member’s own time zone, across midnight', async () => {
    // 23:50 and 00:10 in Berlin (UTC+1): two days there, one in UTC.
    const around = ['2026-11-27T22:50:00Z', '2026-11-27T23:10:00Z']
    expect(await streakAfter('Europe/Berlin', around, '2026-11-28T10:00:00Z')).toEqual({
      days: 2,
      today: true,
    })
    expect(await streakAfter('UTC', around, '2026-11-28T10:00:00Z')).toEqual({
      days: 1,
      today: false,
    })
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) name the same instants a day apart.
    const evening = ['2026-11-28T09:30:00Z', '2026-11-28T10:30:00Z']
    expect(await streakAfter('Pacific/Kiritimati', evening, '2026-11-28T10:45:00Z')).toEqual({
      days: 2,
      today: true,
    })
    expect(await streakAfter('Pacific/Pago_Pago', evening, '2026-11-28T10:45:00Z')).toEqual({
      days: 1,
      today: true,
    })
    // At 00:00:30 of the next day in Berlin, yesterday's learning still holds the streak.
    expect(
      await streakAfter('Europe/Berlin', ['2026-11-28T18:00:00Z'], '2026-11-28T23:00:30Z'),
    ).toEqual({ days: 1, today: false })
    // Half-hour zones: 23:50 and 00:10 in Kolkata (UTC+5:30).
    expect(
      await streakAfter(
        'Asia/Kolkata',
        ['2026-11-27T18:20:00Z', '2026-11-27T18:40:00Z'],
        '2026-11-27T19:00:00Z',
      ),
    ).toEqual({ days: 2, today: true })
  })

  it('keep their days across the changes of daylight-saving time', async () => {
    // Berlin's 23-hour day (28 March 2027: 02:00 becomes 03:00) and 25-hour day (31 October).
    const spring = [
      '2027-03-27T22:59:00Z', // 23:59 on the 27th (UTC+1)
      '2027-03-28T01:05:00Z', // 03:05 on the 28th (UTC+2), an hour after the change
      '2027-03-28T21:50:00Z', // 23:50 on the 28th
    ]
    expect(await streakAfter('Europe/Berlin', spring, '2027-03-28T22:10:00Z')).toEqual({
      days: 2,
      today: false,
    })
    const autumn = [
      '2027-10-30T21:55:00Z', // 23:55 on the 30th (UTC+2)
      '2027-10-31T22:55:00Z', // 23:55 on the 31st (UTC+1): 25 hours later, the next day
      '2027-10-31T23:05:00Z', // 00:05 on 1 November
    ]
    expect(await streakAfter('Europe/Berlin', autumn, '2027-11-01T08:00:00Z')).toEqual({
      days: 3,
      today: true,
    })
    // New York's change (14 March 2027), at 23:30 local either side.
    const newYork = ['2027-03-14T04:30:00Z', '2027-03-15T03:30:00Z']
    expect(await streakAfter('America/New_York', newYork, '2027-03-15T03:45:00Z')).toEqual({
      days: 2,
      today: true,
    })
  })

  it('take the browser’s time zone once, the member’s own choice always, and refuse an unknown one', async () => {
    const who = await make()
    expect((await momentum(who)).timeZone).toBe(null)
    const set = (body: object) => call('PUT', '/api/momentum', who, body)
    expect((await ok<Momentum>(set({ browserTimeZone: 'Asia/Tokyo' }))).timeZone).toBe('Asia/Tokyo')
    expect((await ok<Momentum>(set({ browserTimeZone: 'Europe/Paris' }))).timeZone).toBe(
      'Asia/Tokyo',
    )
    expect((await ok<Momentum>(set({ timeZone: 'America/Chicago' }))).timeZone).toBe(
      'America/Chicago',
    )
    const bad = await set({ timeZone: 'Mars/Olympus_Mons' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('not a time zone')
    expect((await momentum(who)).timeZone).toBe('America/Chicago')
    // The profile shows it.
    const profile = await ok<Profile>(call('GET', `/api/profile/${who.email}`, who))
    expect(profile.timeZone).toBe('America/Chicago')
  })
})

describe('areas opened at a level', () => {
  it('open an area to members who reach the level, and at once to those already there, audited', async () => {
    const member = await make('member', ['training'])
    const already = await make('member', ['training'])
    await progress(already, LESSON, { completed: true })
    await progress(already, LESSON_2, { completed: true })

    const refused = await call('PUT', '/api/area-unlocks', member, { area: 'niches', level: 2 })
    expect(refused.statusCode).toBe(403)
    const bad = await call('PUT', '/api/area-unlocks', admin, { area: 'niches', level: 1 })
    expect(bad.statusCode).toBe(400)

    const set = await ok<AreaUnlock[]>(
      call('PUT', '/api/area-unlocks', admin, { area: 'niches', level: 2 }),
    )
    expect(set).toEqual([{ area: 'niches', level: 2 }])
    const areasOf = async (who: Caller) =>
      (await ok<Profile>(call('GET', `/api/profile/${who.email}`, admin))).areas
    expect(await areasOf(already)).toContain('niches')
    expect(await areasOf(member)).not.toContain('niches')

    await progress(member, LESSON, { completed: true })
    expect(await areasOf(member)).toContain('niches')

    const audit = await ok<{ items: AuditEntry[] }>(call('GET', '/api/audit', admin))
    const grants = audit.items.filter(
      (e) => e.action === 'member.access' && [member.email, already.email].includes(e.targetEmail),
    )
    expect(grants.map((e) => [e.targetEmail, e.detail]).sort()).toEqual(
      [
        [member.email, 'granted niches at level 2'],
        [already.email, 'granted niches at level 2'],
      ].sort(),
    )

    await ok(call('PUT', '/api/area-unlocks', admin, { area: 'niches', level: null }))
    expect(await ok<AreaUnlock[]>(call('GET', '/api/area-unlocks', admin))).toEqual([])
  })
})
