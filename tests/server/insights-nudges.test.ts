import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Nudge, NudgeDraft, NudgeKind, Timeline } from '@schemas/insights'

import { aiGenerations, auditLog, chatMessages, notes, outbox } from '../../server/db/schema'
import { bearer, createTestApp, type TestApp } from './helpers'
import {
  completeAll,
  dataOf,
  DAY,
  earnings,
  getAs,
  memberFor,
  progress,
  STEPS,
  TRAINING,
  type Who,
} from './insights-fixtures'

interface PageOf<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

let t: TestApp
let admin: Who
let adminToken: string
let T0: number
const m: Record<string, Who> = {}
const days = (n: number) => T0 - n * DAY

const list = (kind: NudgeKind, extra = '') =>
  dataOf<PageOf<Nudge>>(t, adminToken, `/api/insights/nudges?kind=${kind}${extra}`)

const names = (page: PageOf<Nudge>) =>
  page.items.map((n) => Object.keys(m).find((k) => m[k]!.id === n.memberId))

beforeAll(async () => {
  t = await createTestApp({ outbox: true })
  T0 = t.clock.now
  admin = await memberFor(t, { role: 'admin' })
  adminToken = await t.login(admin.email, admin.password)
  // Each member has only the areas they opened, unless the test is about one they did not.
  const digi = { areas: ['digistoreTraining' as const] }
  m.idle20 = await memberFor(t, { ...digi, firstName: 'Iris' })
  await progress(t, m.idle20, STEPS[0]!, days(20), { position: 0.4 })
  m.idle30 = await memberFor(t, digi)
  await completeAll(t, m.idle30, STEPS.slice(0, 2), days(30))
  m.active = await memberFor(t, digi)
  await progress(t, m.active, STEPS[0]!, days(1), { position: 0.1 })
  const idleAdmin = await memberFor(t, { ...digi, role: 'admin' })
  await progress(t, idleAdmin, STEPS[0]!, days(40), { position: 0.1 })
  // Module 1 completed and 1 of 3 lessons of module 2, sixteen days ago.
  m.stopped = await memberFor(t, { areas: ['training'], firstName: 'Sam' })
  await completeAll(t, m.stopped, [...TRAINING[0]!, TRAINING[1]![0]!], days(16))
  // The same, but they opened a lesson of module 3 yesterday: still going.
  m.going = await memberFor(t, { areas: ['training'] })
  await completeAll(t, m.going, [...TRAINING[0]!, TRAINING[1]![0]!], days(16))
  await progress(t, m.going, TRAINING[2]![0]!, days(1), { position: 0.2 })
  // Has had the training since joining 50 days ago and never opened it.
  m.never = await memberFor(t, { areas: ['training'], joinedAt: days(50), firstName: 'Nia' })
})
afterAll(() => t.close())

describe('members who need a nudge', () => {
  it('lists members with no progress in 14 days, longest waiting first', async () => {
    const page = await list('idle')
    expect(names(page)).toEqual(['idle30', 'idle20', 'stopped'])
    expect(page.total).toBe(3)
    const [first, second] = page.items
    expect(first).toMatchObject({
      kind: 'idle',
      email: m.idle30!.email,
      name: 'Test Member',
      subject: 'Digistore24 training',
      since: new Date(days(30) + 60_000).toISOString(),
      lastWrittenAt: null,
    })
    expect(first!.detail).toMatch(/^Completed 2 of 5 lessons, last opened “.+”$/)
    expect(second).toMatchObject({ name: 'Iris Member', since: new Date(days(20)).toISOString() })
    expect(second!.detail).toMatch(/^Completed 0 of 5 lessons/)
    // Paged: the second page of one holds the second member.
    const paged = await list('idle', '&page=2&pageSize=1')
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 1 })
    expect(names(paged)).toEqual(['idle20'])
  })

  it('lists members who stopped inside a module', async () => {
    const page = await list('stopped')
    expect(names(page)).toEqual(['stopped'])
    expect(page.items[0]).toMatchObject({
      kind: 'stopped',
      subject: 'Digital-marketing training',
      detail: 'Completed 1 of 3 lessons of module 2',
      since: new Date(days(16) + 2 * 60_000).toISOString(),
    })
  })

  it('lists members with an area they never opened, since it was granted', async () => {
    // Given the Digistore24 training ten days ago by an administrator.
    const granted = await memberFor(t, { areas: [], joinedAt: days(80) })
    m.granted = granted
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/updatePageAccess',
      headers: bearer(adminToken),
      payload: { email: granted.email, areas: ['digistoreTraining'] },
    })
    expect(res.statusCode, res.body).toBe(200)
    // The audit log's clock is the database's: place the grant ten days back.
    await t.database.db
      .update(auditLog)
      .set({ createdAt: new Date(days(10)) })
      .where(eq(auditLog.targetEmail, granted.email))
    const page = await list('unopened')
    expect(names(page)).toEqual(['never', 'granted'])
    expect(page.items[0]).toMatchObject({
      subject: 'Digital-marketing training',
      since: new Date(days(50)).toISOString(),
    })
    expect(page.items[0]!.detail).toMatch(/^Has it since .+ and never opened it$/)
    expect(page.items[1]).toMatchObject({
      subject: 'Digistore24 training',
      since: new Date(days(10)).toISOString(),
    })
  })
})

describe('writing to them', () => {
  it('prepares a reminder with the link to where the member left off', async () => {
    const draft = await dataOf<NudgeDraft>(
      t,
      adminToken,
      `/api/insights/nudges/draft?memberId=${m.stopped!.id}&kind=stopped`,
    )
    expect(draft.to).toBe(m.stopped!.email)
    expect(draft.subject).toBe('2 lessons left in module 2, Offers and links')
    expect(draft.body).toMatch(/^Hi Sam,\n/)
    expect(draft.body).toContain(
      'You have completed 1 of 3 lessons of module 2, Offers and links in Digital-marketing training.',
    )
    expect(draft.body).toContain(`\nhttp://members.test${TRAINING[1]![1]}\n`)
    expect(draft.body).toMatch(/The Members Area team$/)

    const idle = await dataOf<NudgeDraft>(
      t,
      adminToken,
      `/api/insights/nudges/draft?memberId=${m.idle20!.id}&kind=idle`,
    )
    expect(idle.subject).toBe('Pick up Digistore24 training where you left off')
    expect(idle.body).toContain(`http://members.test${STEPS[0]}`)
    const never = await dataOf<NudgeDraft>(
      t,
      adminToken,
      `/api/insights/nudges/draft?memberId=${m.never!.id}&kind=unopened`,
    )
    expect(never.subject).toBe('Waiting for you: Digital-marketing training')
    expect(never.body).toContain('http://members.test/admin/dgtraining')
    // A member who is not in that list gets no draft.
    const res = await getAs(
      t,
      adminToken,
      `/api/insights/nudges/draft?memberId=${m.active!.id}&kind=idle`,
    )
    expect(res.statusCode).toBe(404)
  })

  it('sends it through the mail, records it, and shows when it was sent', async () => {
    t.clock.now = T0 + 5 * 60_000
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/insights/nudges/mail',
      headers: bearer(adminToken),
      payload: {
        memberId: m.stopped!.id,
        kind: 'stopped',
        subject: '  Two lessons to go  ',
        body: 'Hi Sam,\n\nYou are nearly through module 2.',
      },
    })
    t.clock.now = T0
    expect(res.statusCode, res.body).toBe(200)
    const sentAt = new Date(T0 + 5 * 60_000).toISOString()
    expect(res.json()).toEqual({ data: { sentAt } })
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, m.stopped!.email))
    expect(mail).toMatchObject({
      subject: 'Two lessons to go',
      body: 'Hi Sam,\n\nYou are nearly through module 2.',
    })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect(entry).toMatchObject({
      action: 'member.nudge',
      actorEmail: admin.email,
      targetEmail: m.stopped!.email,
      detail: 'Stopped inside a module: Two lessons to go',
    })
    const audit = await dataOf<PageOf<{ action: string }>>(t, adminToken, '/api/audit')
    expect(audit.items[0]!.action).toBe('member.nudge')
    // Both lists the member is in show it.
    expect((await list('stopped')).items[0]!.lastWrittenAt).toBe(sentAt)
    const idle = (await list('idle')).items.find((n) => n.memberId === m.stopped!.id)
    expect(idle!.lastWrittenAt).toBe(sentAt)
    expect(
      (await list('idle')).items.find((n) => n.memberId === m.idle20!.id)!.lastWrittenAt,
    ).toBeNull()
  })

  it('refuses to send to a member who no longer needs it, and an empty message', async () => {
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/insights/nudges/mail',
        headers: bearer(adminToken),
        payload: { memberId: m.active!.id, kind: 'idle', subject: 'Hi', body: 'Hello', ...payload },
      })
    expect((await send({})).statusCode).toBe(409)
    expect((await send({ memberId: m.idle20!.id, body: '   ' })).statusCode).toBe(400)
    // The subject becomes a mail header: one line, or the sender writes headers of their own.
    const sent = t.mail.length
    for (const subject of ['Hi\r\nBcc: all@example.com', 'Hi\nthere', 'Hi\u2028there']) {
      const injected = await send({ memberId: m.idle20!.id, subject })
      expect(injected.statusCode, subject).toBe(400)
      expect(injected.json().message).toMatch(/^subject: Subject is one line/)
    }
    expect(t.mail.length).toBe(sent)
  })
})

describe('timeline', () => {
  it("tells one member's way: joined, access, lessons, certificate, first sale, last seen", async () => {
    const who = await memberFor(t, { areas: ['training'], joinedAt: days(60), firstName: 'Tia' })
    await t.app.inject({
      method: 'PUT',
      url: '/api/updatePageAccess',
      headers: bearer(adminToken),
      payload: { email: who.email, areas: ['training', 'bonus'] },
    })
    // The audit log's clock is the database's: place the grant where the story needs it.
    await t.database.db
      .update(auditLog)
      .set({ createdAt: new Date(days(55)) })
      .where(eq(auditLog.targetEmail, who.email))
    // The one lesson of "20 ways" completed fifty days ago, and its certificate issued then.
    await progress(t, who, '/admin/bonus/20ways', days(50))
    t.clock.now = days(50)
    await t.app.services.certificates.issueCompleted(who.id)
    t.clock.now = T0
    await progress(t, who, TRAINING[0]![0]!, days(40))
    await earnings(t, who, [{ at: days(30) }])
    await t.database.db.insert(notes).values([
      {
        memberId: who.id,
        title: 'Ideas',
        createdAt: new Date(days(20)),
        updatedAt: new Date(days(20)),
      },
      {
        memberId: who.id,
        title: 'Offers',
        createdAt: new Date(days(3)),
        updatedAt: new Date(days(3)),
      },
    ])
    const ai = { memberId: who.id, status: 'done' as const, createdAt: new Date(days(2)) }
    await t.database.db.insert(aiGenerations).values({
      ...ai,
      tool: 'headline',
      title: 'Headlines',
      input: {},
      writer: 'templates',
    })
    await t.database.db.insert(chatMessages).values([
      { ...ai, role: 'member', text: 'What is a bridge page?' },
      { ...ai, role: 'assistant', text: 'A page between your ad and the offer.', writer: 'course' },
    ])

    const timeline = await dataOf<Timeline>(
      t,
      adminToken,
      `/api/insights/members/${who.id}/timeline`,
    )
    expect(timeline.member).toEqual({ id: who.id, name: 'Tia Member', email: who.email })
    expect(timeline.counts).toEqual({ lessonsCompleted: 2, notes: 2, aiUses: 2 })
    expect(timeline.lastSeenAt).toBe(new Date(days(2)).toISOString())
    expect(timeline.events.map((e) => [e.at, e.kind, e.text])).toEqual([
      [new Date(days(2)).toISOString(), 'lastSeen', 'Last seen'],
      [new Date(days(30)).toISOString(), 'firstSale', 'First sale, 30 days after joining'],
      [
        new Date(days(40)).toISOString(),
        'lesson',
        expect.stringMatching(/^Completed “.+” in Digital-marketing training$/),
      ],
      [
        new Date(days(50)).toISOString(),
        'certificate',
        'Certificate issued for 20 ways to promote an affiliate offer',
      ],
      [
        new Date(days(50)).toISOString(),
        'lesson',
        expect.stringMatching(/^Completed “.+” in 20 ways to promote an affiliate offer$/),
      ],
      [new Date(days(55)).toISOString(), 'access', 'Access granted: Bonus courses'],
      [new Date(days(60)).toISOString(), 'joined', 'Joined with Digital-marketing training'],
    ])
    const missing = await getAs(
      t,
      adminToken,
      '/api/insights/members/00000000-0000-4000-8000-000000000000/timeline',
    )
    expect(missing.statusCode).toBe(404)
  })

  it('dates a first sale made before joining as it was, and lists the nudges e-mailed', async () => {
    const who = await memberFor(t, { areas: ['training'], joinedAt: days(30), firstName: 'Sol' })
    await earnings(t, who, [{ at: days(400) }, { at: days(10) }])
    await t.database.db.insert(auditLog).values({
      actorEmail: 'admin@example.com',
      action: 'member.nudge',
      targetEmail: who.email,
      detail: 'Started, then stopped: Pick up where you left off',
      createdAt: new Date(days(5)),
    })
    const timeline = await dataOf<Timeline>(
      t,
      adminToken,
      `/api/insights/members/${who.id}/timeline`,
    )
    expect(timeline.events.map((e) => [e.at, e.kind, e.text])).toEqual([
      [
        new Date(days(5)).toISOString(),
        'nudge',
        'Nudge e-mailed: Started, then stopped: Pick up where you left off',
      ],
      [new Date(days(30)).toISOString(), 'joined', 'Joined with Digital-marketing training'],
      [
        new Date(days(400)).toISOString(),
        'firstSale',
        'First recorded sale, 370 days before joining',
      ],
    ])
  })
})
