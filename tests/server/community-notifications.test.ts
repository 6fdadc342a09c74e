import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { AreaKey } from '@schemas/access'
import type { Post, Reply } from '@schemas/community'
import type { LiveEvent, NotificationPage } from '@schemas/notifications'

import { outbox } from '../../server/db/schema'
import { NotificationsService } from '../../server/services/notifications'
import { communityMember, type Who } from './community-fixtures'
import { bearer, createTestApp, json, type TestApp } from './helpers'

const LESSON = '/admin/training/module1/lesson1'

let t: TestApp
let ann: Who
let ben: Who
let cat: Who
let outsider: Who
let admin: Who

const make = (t: TestApp, role: 'admin' | 'member', areas: AreaKey[]) =>
  communityMember(t, role, { areas })

beforeAll(async () => {
  t = await createTestApp({ outbox: true })
  ann = await make(t, 'member', ['training', 'bonus'])
  ben = await make(t, 'member', ['training', 'bonus'])
  cat = await make(t, 'member', ['training', 'bonus'])
  outsider = await make(t, 'member', ['bonus'])
  admin = await make(t, 'admin', [])
})
afterAll(() => t.close())

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: Who | undefined,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  })

const post = async (who: Who, payload: Record<string, unknown>) =>
  json<{ data: Post }>(await call('POST', '/api/community/posts', who, payload)).data
const reply = async (who: Who, postId: string, body: string) => {
  const res = await call('POST', `/api/community/posts/${postId}/replies`, who, { body })
  expect(res.statusCode, res.body).toBe(201)
  return json<{ data: Reply }>(res).data
}
const inbox = async (who: Who) =>
  json<{ data: NotificationPage }>(await call('GET', '/api/notifications', who)).data
const mailTo = async (who: Who) =>
  t.database.db.select().from(outbox).where(eq(outbox.toAddress, who.email))

describe('notifications', () => {
  it('tells the followers of a thread of a reply, and a mentioned member of the mention', async () => {
    t.clock.now += 1000
    const question = await post(ann, {
      category: 'questions',
      title: 'Best first niche?',
      body: 'Ideas?',
    })
    t.clock.now += 1000
    await reply(ben, question.id, `Ask @${cat.handle}, she knows`)
    const annBox = await inbox(ann)
    expect(annBox.unread).toBe(1)
    expect(annBox.items[0]).toMatchObject({
      kind: 'reply',
      read: false,
      actor: { id: ben.id, name: 'Test Member' },
      post: { id: question.id, title: 'Best first niche?', lesson: null },
      excerpt: `Ask @${cat.handle}, she knows`,
    })
    expect((await inbox(cat)).items[0]).toMatchObject({ kind: 'mention' })
    // The one who wrote it hears nothing of it.
    expect((await inbox(ben)).items).toEqual([])
    // Opening the thread reads what was told of it.
    await call('GET', `/api/community/posts/${question.id}`, ann)
    expect((await inbox(ann)).unread).toBe(0)
    // Ben follows now: Ann's answer reaches him.
    t.clock.now += 1000
    await reply(ann, question.id, 'Thanks!')
    expect((await inbox(ben)).items.map((n) => n.kind)).toEqual(['reply'])
    const marked = await call('PUT', '/api/notifications/read', ben, { all: true })
    expect(json<{ data: { unread: number } }>(marked).data.unread).toBe(0)
  })

  it('tells nobody who may not open the lesson, however they are mentioned', async () => {
    t.clock.now += 1000
    const res = await call(
      'POST',
      `/api/community/lesson?path=${encodeURIComponent(LESSON)}`,
      ann,
      {
        body: `@${outsider.handle} and @${ben.handle}, have a look`,
      },
    )
    expect(res.statusCode).toBe(201)
    expect((await inbox(outsider)).items.some((n) => n.post.lesson)).toBe(false)
    const benBox = await inbox(ben)
    expect(benBox.items[0]).toMatchObject({ kind: 'mention', post: { lesson: { path: LESSON } } })
  })

  it('brings every member an announcement, in the app only', async () => {
    const before = (await mailTo(cat)).length
    t.clock.now += 1000
    await post(admin, { category: 'announcements', title: 'Live call Friday', body: 'Join us' })
    for (const who of [ann, ben, cat, outsider]) {
      expect((await inbox(who)).items[0]).toMatchObject({
        kind: 'announcement',
        actor: { role: 'admin' },
      })
    }
    expect(await mailTo(cat)).toHaveLength(before)
  })

  it('mails a reply at once with a one-click unsubscribe that works without signing in', async () => {
    t.clock.now += 1000
    const thread = await post(cat, { category: 'wins', title: 'First sale', body: 'Finally' })
    const before = (await mailTo(cat)).length
    await reply(ann, thread.id, 'Well done!')
    await vi.waitFor(async () => expect(await mailTo(cat)).toHaveLength(before + 1))
    const mail = (await mailTo(cat)).at(-1)!
    expect(mail.subject).toBe('Test Member replied in “First sale”')
    expect(mail.body).toContain('“Well done!”')
    expect(mail.body).toContain(`http://members.test/admin/community/${thread.id}#reply-`)
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!
    expect(link).toMatch(/^http:\/\/members\.test\/api\/notifications\/unsubscribe\?token=/)
    // What a mail program sends (RFC 8058): a form POST, no session.
    const url = link.replace('http://members.test', '')
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    const settings = await call('GET', '/api/notifications/settings', cat)
    expect(json<{ data: { mail: string } }>(settings).data.mail).toBe('never')
    await reply(ben, thread.id, 'Congrats')
    await t.app.services.tasks.drain()
    expect(await mailTo(cat)).toHaveLength(before + 1)
    // A forged token does nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${ann.id}.AAAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(forged.statusCode).toBe(400)
  })

  it('gathers the mail of a member who chose a daily digest into one', async () => {
    await call('PUT', '/api/notifications/settings', ben, { mail: 'daily' })
    t.clock.now += 1000
    const thread = await post(ben, { category: 'questions', title: 'Digest me', body: 'x' })
    const before = (await mailTo(ben)).length
    await reply(ann, thread.id, 'One')
    await reply(cat, thread.id, 'Two')
    await t.app.services.tasks.drain()
    expect(await mailTo(ben)).toHaveLength(before)
    await t.app.services.notifications.sendDigests()
    const mails = await mailTo(ben)
    expect(mails).toHaveLength(before + 1)
    expect(mails.at(-1)!.subject).toMatch(/^Your community digest: \d+ new mentions and replies$/)
    expect(mails.at(-1)!.body).toContain('“Two”')
    // Sent once: a second run the same day sends nothing.
    await t.app.services.notifications.sendDigests()
    expect(await mailTo(ben)).toHaveLength(before + 1)
  })
})

describe('a live stream’s lifetime', () => {
  it('ends a stream after its lifetime, so the member reconnects and is checked again', async () => {
    const { database, mailer, tasks, courses } = t.app.services
    const short = new NotificationsService({
      database,
      mailer,
      tasks,
      courses,
      now: () => t.clock.now,
      publicUrl: 'http://members.test',
      secret: 'a-secret-for-this-test-only',
      log: t.app.log,
      streamLifetimeMs: () => 300,
    })
    const member = await t.app.services.auth.authenticate(ann.token)
    const started = performance.now()
    const events: string[] = []
    for await (const { event } of await short.stream(
      member,
      undefined,
      new AbortController().signal,
    )) {
      events.push(event.type)
    }
    // The stream ended by itself, after its hello.
    expect(events).toEqual(['hello'])
    expect(performance.now() - started).toBeGreaterThanOrEqual(250)
    expect(short.openStreams).toBe(0)
  })
})

/** Reads a live stream's events as they come, over real HTTP. */
async function openStream(base: string, who: Who, lastEventId?: number) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: {
      ...bearer(who.token),
      ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}),
    },
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const events: { id?: number; event: LiveEvent }[] = []
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        buffer += value
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const id = /^id: (\d+)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (data) events.push({ ...(id ? { id: Number(id) } : {}), event: JSON.parse(data) })
        }
      }
    } catch {
      // stopped
    }
  })()
  return { events, close: () => controller.abort() }
}

describe('the live stream', () => {
  it('sends a hello, each notification as it happens on any instance, and resumes after Last-Event-ID', async () => {
    const other = await createTestApp({ database: t.database })
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const stream = await openStream(base, ann)
      await vi.waitFor(() => expect(stream.events[0]?.event.type).toBe('hello'))
      // Written through another instance of the server on the same database.
      const benThere = { ...ben, token: await other.login(ben.email, 'Correct#Horse1') }
      t.clock.now += 1000
      other.clock.now = t.clock.now
      const thread = json<{ data: Post }>(
        await other.app.inject({
          method: 'POST',
          url: '/api/community/posts',
          headers: bearer(benThere.token),
          payload: { category: 'questions', title: 'Live?', body: `Hey @${ann.handle}` },
        }),
      ).data
      await vi.waitFor(() =>
        expect(stream.events.find((e) => e.event.type === 'notification')).toBeDefined(),
      )
      const first = stream.events.find((e) => e.event.type === 'notification')!
      expect(first.id).toBeGreaterThan(0)
      expect(first.event).toMatchObject({
        type: 'notification',
        notification: { kind: 'mention', post: { id: thread.id } },
      })
      expect(stream.events.some((e) => e.event.type === 'activity')).toBe(true)
      stream.close()

      // Missed while away: sent first on the way back.
      t.clock.now += 1000
      await reply(cat, thread.id, `@${ann.handle} see this`)
      const back = await openStream(base, ann, first.id)
      await vi.waitFor(() =>
        expect(back.events.filter((e) => e.event.type === 'notification')).toHaveLength(1),
      )
      const missed = back.events.find((e) => e.event.type === 'notification')!
      expect(missed.id).toBeGreaterThan(first.id!)
      expect(missed.event).toMatchObject({ notification: { kind: 'mention' } })
      back.close()
    } finally {
      await other.close()
    }
  })

  it('refuses a caller without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/stream' })
    expect(res.statusCode).toBe(401)
  })
})

// Last: the instances it starts and stops share the database's listening with the others.
describe('points on the live stream', () => {
  it('tells a member their new points and level when a like reaches them, and when it is taken back', async () => {
    const other = await createTestApp({ database: t.database })
    const here = await createTestApp({ database: t.database })
    const base = await here.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const dee = await make(t, 'member', ['training'])
      const thread = await post(dee, { category: 'wins', title: 'First sale', body: 'It worked.' })
      const stream = await openStream(base, dee)
      await vi.waitFor(() => expect(stream.events[0]?.event.type).toBe('hello'))
      // Liked through another instance of the server on the same database.
      const benThere = { ...ben, token: await other.login(ben.email, 'Correct#Horse1') }
      const like = (on: boolean) =>
        other.app.inject({
          method: 'PUT',
          url: `/api/community/posts/${thread.id}/reactions`,
          headers: bearer(benThere.token),
          payload: { reaction: 'like', on },
        })
      expect((await like(true)).statusCode).toBe(200)
      const points = () =>
        stream.events.filter((e) => e.event.type === 'points').map((e) => e.event)
      await vi.waitFor(() => expect(points()).toEqual([{ type: 'points', points: 1, level: 1 }]))
      expect((await like(false)).statusCode).toBe(200)
      await vi.waitFor(() =>
        expect(points()).toEqual([
          { type: 'points', points: 1, level: 1 },
          { type: 'points', points: 0, level: 1 },
        ]),
      )
      stream.close()
    } finally {
      await other.close()
      await here.close()
    }
  })
})
