import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { ReminderSettings } from '@schemas/reminders'

import { lessonProgress, members } from '../../server/db/schema'
import { rowsOf } from '../../server/repos/insights'
import type { Mail, Mailer } from '../../server/services/mailer'
import { RemindersService } from '../../server/services/reminders'
import { bearer, createTestApp, json, type TestApp } from './helpers'

let t: TestApp

const DAY = 24 * 60 * 60 * 1000
/** Monday 30 November 2026, 09:30 UTC. */
const MONDAY = Date.parse('2026-11-30T09:30:00Z')
const LESSON = '/admin/training/module1/lesson1'

beforeAll(async () => {
  t = await createTestApp()
  t.clock.now = MONDAY
})
afterAll(() => t.close())
// Each test starts on Monday morning; a run moves the clock.
beforeEach(() => {
  t.clock.now = MONDAY
})

async function member(timeZone: string | null = null) {
  const m = await t.createMember({ areas: ['training'] })
  const { eq } = await import('drizzle-orm')
  await t.database.db
    .update(members)
    .set({ timeZone, createdAt: new Date(MONDAY - 100 * DAY) })
    .where(eq(members.id, m.id))
  return { ...m, token: await t.login(m.email, m.password) }
}
type Member = Awaited<ReturnType<typeof member>>

/** The member last learned `daysAgo` days before Monday. */
const learned = (who: Member, daysAgo: number) =>
  t.database.db.insert(lessonProgress).values({
    memberId: who.id,
    path: LESSON,
    openedAt: new Date(MONDAY - daysAgo * DAY),
    updatedAt: new Date(MONDAY - daysAgo * DAY),
    position: 0.4,
  })

const choose = async (who: Member, choice: Partial<Omit<ReminderSettings, 'chosen'>> = {}) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/reminders',
    headers: bearer(who.token),
    payload: { continue: true, events: true, weekly: true, ...choice },
  })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: ReminderSettings }>(res).data
}

/** Runs the schedule at `at` and returns the mail it sent to `who`. */
async function runAt(at: number, who?: Member) {
  t.clock.now = at
  const before = t.mail.length
  const result = await t.app.services.reminders.run()
  expect(result.ran).toBe(true)
  return t.mail.slice(before).filter((m) => !who || m.to === who.email)
}

describe('reminder e-mails', () => {
  it('send nothing to a member who has not chosen, and show the choice ticked', async () => {
    const who = await member()
    await learned(who, 5)
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: bearer(who.token),
    })
    expect(json<{ data: ReminderSettings }>(settings).data).toEqual({
      continue: true,
      events: true,
      weekly: true,
      chosen: false,
    })
    expect(await runAt(MONDAY, who)).toEqual([])
  })

  it('remind an idle member to continue once a week, not once they learn again', async () => {
    const who = await member()
    await learned(who, 2)
    await choose(who, { events: false, weekly: false })
    // Two days idle: not yet.
    expect(await runAt(MONDAY, who)).toEqual([])
    // Three days: the reminder, with the lesson's title and link, and its unsubscribe.
    const [mail, ...more] = await runAt(MONDAY + DAY, who)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Continue where you left off: How affiliate marketing works')
    expect(mail!.text).toContain(`Continue: http://members.test${LESSON}`)
    expect(mail!.unsubscribe).toMatch(
      /^http:\/\/members\.test\/api\/reminders\/unsubscribe\?token=.+&kind=continue$/,
    )
    // Not again within the week, even on another day.
    expect(await runAt(MONDAY + DAY, who)).toEqual([])
    expect(await runAt(MONDAY + 5 * DAY, who)).toEqual([])
    // A week later, still idle: once more.
    expect(await runAt(MONDAY + 8 * DAY, who)).toHaveLength(1)
    // Back at a lesson: no reminder until 3 idle days again.
    await t.database.db.insert(lessonProgress).values({
      memberId: who.id,
      path: '/admin/training/module1/lesson2',
      openedAt: new Date(MONDAY + 15 * DAY),
      updatedAt: new Date(MONDAY + 15 * DAY),
    })
    expect(await runAt(MONDAY + 16 * DAY, who)).toEqual([])
    // A month away: no more reminders.
    expect(await runAt(MONDAY + 50 * DAY, who)).toEqual([])
  })

  it('remind of an event within 24 hours once, and again when it moves', async () => {
    const who = await member('Europe/Berlin')
    await choose(who, { continue: false, weekly: false })
    t.clock.now = MONDAY
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: bearer(who.token),
      payload: {
        title: 'Q&A: first traffic',
        location: 'Online',
        start: new Date(MONDAY + 30 * 60 * 60 * 1000).toISOString(),
        end: new Date(MONDAY + 31 * 60 * 60 * 1000).toISOString(),
      },
    })
    expect(made.statusCode, made.body).toBe(201)
    const event = json<{ data: { id: string } }>(made).data
    // 30 hours ahead: not yet.
    expect(await runAt(MONDAY, who)).toEqual([])
    const [mail] = await runAt(MONDAY + 7 * 60 * 60 * 1000, who)
    expect(mail!.subject).toBe('Starting soon: Q&A: first traffic')
    // 15:30 UTC is 16:30 in Berlin.
    expect(mail!.text).toContain('starts Tuesday, December 1, 2026 at 4:30 PM, at Online.')
    expect(await runAt(MONDAY + 8 * 60 * 60 * 1000, who)).toEqual([])
    // Moved an hour later: a reminder of the new time.
    t.clock.now = MONDAY + 8 * 60 * 60 * 1000
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/event/${event.id}`,
      headers: bearer(who.token),
      payload: {
        title: 'Q&A: first traffic',
        start: new Date(MONDAY + 31 * 60 * 60 * 1000).toISOString(),
        end: new Date(MONDAY + 32 * 60 * 60 * 1000).toISOString(),
      },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await runAt(MONDAY + 9 * 60 * 60 * 1000, who)).toHaveLength(1)
  })

  it('send the weekly summary on Monday from 08:00 where the member lives, once', async () => {
    const utc = await member('UTC')
    const kiritimati = await member('Pacific/Kiritimati')
    for (const who of [utc, kiritimati]) await choose(who, { continue: false, events: false })
    // Sunday 18:30 UTC is Monday 08:30 in Kiritimati (UTC+14).
    const sunday = MONDAY - 15 * 60 * 60 * 1000
    const sundayMail = await runAt(sunday)
    expect(sundayMail.filter((m) => m.to === utc.email)).toEqual([])
    const [early, ...more] = sundayMail.filter((m) => m.to === kiritimati.email)
    expect(more).toEqual([])
    expect(early!.subject).toBe('Your week in the Members Area')
    expect(early!.text).toContain('• Points earned: 0 (you are level 1 with 0 points')
    // 07:59 on Monday in UTC: not yet; 08:00: the summary; later that day: not again.
    expect(await runAt(Date.parse('2026-11-30T07:59:00Z'), utc)).toEqual([])
    expect(await runAt(Date.parse('2026-11-30T08:00:00Z'), utc)).toHaveLength(1)
    expect(await runAt(Date.parse('2026-11-30T20:00:00Z'), utc)).toEqual([])
    expect(await runAt(Date.parse('2026-11-30T20:00:00Z'), kiritimati)).toEqual([])
  })

  it('stop one kind from the link in the mail, without signing in, and refuse a forged link', async () => {
    const who = await member()
    await choose(who)
    const [mail] = await runAt(MONDAY, who).then((m) =>
      m.filter((x) => x.subject.startsWith('Your week')),
    )
    const url = new URL(mail!.unsubscribe!)
    // What a mail program posts (RFC 8058).
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('no more weekly summaries')
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: bearer(who.token),
    })
    expect(json<{ data: ReminderSettings }>(settings).data).toEqual({
      continue: true,
      events: true,
      weekly: false,
      chosen: true,
    })
    expect(await runAt(MONDAY + 7 * DAY, who)).toEqual([])

    const token = url.searchParams.get('token')!
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}&kind=events`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.body).toContain('This unsubscribe link is not valid')
  })

  it('sends each reminder once from instances running at the same time, counted in /metrics', async () => {
    const a = await member()
    const b = await member()
    for (const who of [a, b]) await choose(who, { continue: false, events: false })
    const other = await createTestApp({ database: t.database })
    try {
      t.clock.now = other.clock.now = MONDAY + 14 * DAY
      const [here, there] = await Promise.all([
        t.app.services.reminders.run(),
        other.app.services.reminders.run(),
      ])
      const mine = [...t.mail, ...other.mail].filter(
        (m) => (m.to === a.email || m.to === b.email) && m.subject.startsWith('Your week'),
      )
      expect(mine.filter((m) => m.to === a.email)).toHaveLength(1)
      expect(mine.filter((m) => m.to === b.email)).toHaveLength(1)
      expect(here.sent.weekly + there.sent.weekly).toBeGreaterThanOrEqual(2)
      const metrics = await t.app.services.metrics.text()
      expect(metrics).toMatch(/members_area_reminders_total\{kind="weekly"\} [1-9]/)
      expect(metrics).toMatch(/members_area_reminder_runs_total\{outcome="done"\} [1-9]/)
    } finally {
      await other.close()
    }
  })

  it('never sends one twice after a run stopped in the middle: each is recorded before its mail', async () => {
    const who = await member()
    await choose(who, { continue: false, events: false })
    const at = MONDAY + 21 * DAY
    /** The schedule at `at` on this database, handing its mail to `send`. */
    const schedule = (send: Mailer['send']) =>
      new RemindersService({
        db: t.database.db,
        mailer: { send, close: async () => {} },
        tasks: { run: () => {} } as never,
        now: () => at,
        publicUrl: 'http://members.test',
        secret: 'test',
        log: t.app.log,
        intervalMinutes: 0,
      })
    const failing = schedule(async () => {
      throw new Error('the server stopped')
    })
    await expect(failing.run()).rejects.toThrow('the server stopped')
    const recorded = await rowsOf<{ email: string; kind: string }>(
      t.database.db.execute(sql`
        select m.email, s.kind from reminder_sends s join members m on m.id = s.member_id
        where s.sent_at = ${new Date(at).toISOString()}::timestamptz`),
    )
    expect(recorded.length).toBeGreaterThan(0)
    // After the restart: what the stopped run recorded is not sent again.
    const sent: Mail[] = []
    const restarted = schedule(async (m) => void sent.push(m))
    await restarted.run()
    const kindOf = (m: Mail) => new URL(m.unsubscribe!).searchParams.get('kind')
    for (const r of recorded) {
      expect(sent.filter((m) => m.to === r.email && kindOf(m) === r.kind)).toEqual([])
    }
  })
})
