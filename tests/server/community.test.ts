import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Author, PageOfPosts, Post, Reply, Reported, Thread } from '@schemas/community'
import type { SearchHit } from '@schemas/courses'
import type { AuditEntry } from '@schemas/members'

import { communityPosts } from '../../server/db/schema'
import { communityMember, type Who } from './community-fixtures'
import { bearer, createTestApp, json, type TestApp } from './helpers'

const DAY = 24 * 60 * 60 * 1000
const LESSON = '/admin/training/module1/lesson1'
const DIGISTORE = '/admin/digistore/step1'

let t: TestApp
let ann: Who
let ben: Who
let cat: Who
let newcomer: Who
let outsider: Who
let admin: Who

const make = (role: 'admin' | 'member', options?: Parameters<typeof communityMember>[2]) =>
  communityMember(t, role, options)

beforeAll(async () => {
  t = await createTestApp()
  ann = await make('member', { areas: ['training', 'bonus', 'digistoreTraining'] })
  ben = await make('member', { areas: ['training', 'bonus'] })
  cat = await make('member', { areas: ['training', 'bonus'] })
  newcomer = await make('member', { areas: ['training'], seasoned: false })
  outsider = await make('member', { areas: ['bonus'] })
  admin = await make('admin')
})
afterAll(() => t.close())

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

const post = async (who: Who, payload: Record<string, unknown>) => {
  const res = await call('POST', '/api/community/posts', who, payload)
  expect(res.statusCode, res.body).toBe(201)
  return json<{ data: Post }>(res).data
}
const ask = async (who: Who, path: string, body: string) => {
  const res = await call('POST', `/api/community/lesson?path=${encodeURIComponent(path)}`, who, {
    body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return json<{ data: Post }>(res).data
}
const reply = async (who: Who, postId: string, body: string, parentId?: string) => {
  const res = await call('POST', `/api/community/posts/${postId}/replies`, who, {
    body,
    ...(parentId ? { parentId } : {}),
  })
  expect(res.statusCode, res.body).toBe(201)
  return json<{ data: Reply }>(res).data
}
const feed = async (who: Who, query = '') => {
  const res = await call('GET', `/api/community/posts${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: PageOfPosts }>(res).data
}
const thread = async (who: Who, id: string) => {
  const res = await call('GET', `/api/community/posts/${id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: Thread }>(res).data
}
const tick = (ms = 1000) => (t.clock.now += ms)

describe('the feed', () => {
  it('refuses anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/community/posts'],
      ['POST', '/api/community/posts'],
      ['GET', `/api/community/lesson?path=${LESSON}`],
      ['GET', '/api/community/reports'],
    ] as const) {
      expect((await call(method, url, undefined)).statusCode).toBe(401)
    }
  })

  it('takes a post, shows it with its author by name and handle, never their e-mail', async () => {
    tick()
    const created = await post(ann, {
      category: 'wins',
      title: 'My first sale',
      body: 'It took **six weeks** of posting every day.',
    })
    expect(created).toMatchObject({
      category: 'wins',
      title: 'My first sale',
      html: '<p>It took <strong>six weeks</strong> of posting every day.</p>\n',
      replyCount: 0,
      unread: false,
      following: true,
      author: { id: ann.id, name: 'Test Member', handle: ann.handle, role: 'member' },
    })
    expect(created.editableUntil).not.toBeNull()
    const page = await feed(ben)
    const seen = page.items.find((p) => p.id === created.id)!
    expect(seen.unread).toBe(true)
    expect(seen.editableUntil).toBeNull()
    expect(seen.canDelete).toBe(false)
    expect(JSON.stringify(page)).not.toContain(ann.email)
  })

  it('keeps announcements to administrators', async () => {
    const res = await call('POST', '/api/community/posts', ben, {
      category: 'announcements',
      title: 'Hello all',
      body: 'Listen',
    })
    expect(res.statusCode).toBe(403)
    expect(json(res).message).toBe('Only administrators write announcements')
    tick()
    await post(admin, { category: 'announcements', title: 'Live call Friday', body: 'Join us.' })
  })

  it('refuses a title over one line, and control characters anywhere', async () => {
    const twoLines = await call('POST', '/api/community/posts', ben, {
      category: 'questions',
      title: 'One\nTwo',
      body: 'x',
    })
    expect(twoLines.statusCode).toBe(400)
    expect(json(twoLines).message).toMatch(/^title: Title is one line/)
    const bell = await call('POST', '/api/community/posts', ben, {
      category: 'questions',
      title: 'Hi',
      body: 'ring \u0007',
    })
    expect(bell.statusCode).toBe(400)
    expect(json(bell).message).toMatch(/^body: contains a control character/)
    const empty = await call('POST', '/api/community/posts', ben, {
      category: 'questions',
      title: 'Hi',
      body: '   ',
    })
    expect(json(empty).message).toBe('body: The post is empty: write something first')
  })

  it('shows raw HTML as text and links only safe addresses, marked nofollow ugc', async () => {
    tick()
    const created = await post(admin, {
      category: 'questions',
      title: '<img src=x onerror=alert(1)>',
      body: '<script>alert(1)</script> [click](javascript:alert(1)) [ok](https://example.com)',
    })
    expect(created.html).not.toContain('<script')
    expect(created.html).toContain('&lt;script&gt;')
    expect(created.html).not.toContain('href="javascript')
    expect(created.html).toContain(
      '<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">ok</a>',
    )
    // The title is text: the app shows it as such.
    expect(created.title).toBe('<img src=x onerror=alert(1)>')
  })

  it('pages by cursor, and a page holds while new posts arrive', async () => {
    for (let i = 0; i < 5; i++) {
      tick()
      await post(cat, { category: 'introductions', title: `Hello ${i}`, body: `I am number ${i}` })
    }
    const first = await feed(cat, '?category=introductions&limit=2')
    expect(first.items.map((p) => p.title)).toEqual(['Hello 4', 'Hello 3'])
    expect(first.nextCursor).not.toBeNull()
    tick()
    await post(cat, { category: 'introductions', title: 'Hello late', body: 'arrived' })
    const second = await feed(cat, `?category=introductions&limit=2&cursor=${first.nextCursor}`)
    expect(second.items.map((p) => p.title)).toEqual(['Hello 2', 'Hello 1'])
    expect(second.pinned).toEqual([])
    const third = await feed(cat, `?category=introductions&limit=2&cursor=${second.nextCursor}`)
    expect(third.items.map((p) => p.title)).toEqual(['Hello 0'])
    expect(third.nextCursor).toBeNull()
    const bad = await call('GET', '/api/community/posts?cursor=bm9wZQ', cat)
    expect(bad.statusCode).toBe(400)
  })

  it('sorts by likes this week and ever, and by latest activity', async () => {
    tick()
    const old = await post(ann, { category: 'wins', title: 'Old win', body: 'A while ago' })
    const like = (who: Who, id: string, on = true) =>
      call('PUT', `/api/community/posts/${id}/reactions`, who, { reaction: 'like', on })
    await like(ben, old.id)
    await like(cat, old.id)
    // Written eight days ago.
    await t.database.db
      .update(communityPosts)
      .set({ createdAt: new Date(t.clock.now - 8 * DAY) })
      .where(eq(communityPosts.id, old.id))
    const fresh = await post(ann, { category: 'wins', title: 'Fresh win', body: 'Today' })
    const res = await like(ben, fresh.id)
    expect(json<{ data: { reactions: unknown } }>(res).data.reactions).toEqual([
      { reaction: 'like', count: 1, mine: true },
    ])
    // Liking twice counts once; taking it back takes it away.
    await like(ben, fresh.id)
    await like(cat, fresh.id)
    await like(cat, fresh.id, false)
    const week = await feed(ann, '?category=wins&sort=top&period=week')
    expect(week.items[0]!.title).toBe('Fresh win')
    expect(week.items.map((p) => p.title)).not.toContain('Old win')
    const ever = await feed(ann, '?category=wins&sort=top&period=all')
    expect(ever.items.slice(0, 2).map((p) => p.title)).toEqual(['Old win', 'Fresh win'])
    tick()
    await reply(cat, old.id, 'Still a great story')
    const active = await feed(ann, '?category=wins&sort=active')
    expect(active.items[0]!.title).toBe('Old win')
    expect(active.items[0]!.replyCount).toBe(1)
  })

  it('pins a post above the rest, for administrators only; audited', async () => {
    tick()
    const created = await post(ben, { category: 'questions', title: 'Read me first', body: 'FAQ' })
    expect(
      (await call('PUT', `/api/community/posts/${created.id}/pin`, ben, { pinned: true }))
        .statusCode,
    ).toBe(403)
    const res = await call('PUT', `/api/community/posts/${created.id}/pin`, admin, { pinned: true })
    expect(json<{ data: Post }>(res).data.pinned).toBe(true)
    const page = await feed(cat, '?category=questions')
    expect(page.pinned.map((p) => p.id)).toEqual([created.id])
    expect(page.items.map((p) => p.id)).not.toContain(created.id)
    const audit = json<{ data: { items: AuditEntry[] } }>(await call('GET', '/api/audit', admin))
      .data.items
    expect(audit[0]).toMatchObject({ action: 'community.pin', targetEmail: ben.email })
  })
})

describe('threads', () => {
  it('replies one level deep, marks read and unread, and counts replies', async () => {
    tick()
    const created = await post(ann, { category: 'questions', title: 'Which niche?', body: 'Help' })
    const first = await reply(ben, created.id, 'Pick one you know')
    tick()
    const second = await reply(cat, created.id, 'Agreed', first.id)
    expect(second.parentId).toBe(first.id)
    // Answering a reply to a reply joins the same level.
    tick()
    const third = await reply(ann, created.id, 'Thanks both', second.id)
    expect(third.parentId).toBe(first.id)
    const read = await thread(ann, created.id)
    expect(read.post.replyCount).toBe(3)
    expect(read.replies.map((r) => r.body)).toEqual(['Pick one you know', 'Agreed', 'Thanks both'])
    expect(
      (await feed(ann, '?category=questions')).items.find((p) => p.id === created.id)!.unread,
    ).toBe(false)
    tick()
    await reply(ben, created.id, 'Welcome')
    expect(
      (await feed(ann, '?category=questions')).items.find((p) => p.id === created.id)!.unread,
    ).toBe(true)
    const elsewhere = await post(ben, { category: 'wins', title: 'Other', body: 'x' })
    const wrongParent = await call('POST', `/api/community/posts/${elsewhere.id}/replies`, cat, {
      body: 'x',
      parentId: first.id,
    })
    expect(wrongParent.statusCode).toBe(400)
  })

  it('lets an author change their words for 15 minutes, marked edited', async () => {
    tick()
    const created = await post(ben, { category: 'questions', title: 'Typo', body: 'Teh text' })
    const other = await call('PUT', `/api/community/posts/${created.id}`, cat, { body: 'Mine now' })
    expect(other.statusCode).toBe(403)
    t.clock.now += 14 * 60 * 1000
    const edited = await call('PUT', `/api/community/posts/${created.id}`, ben, {
      title: 'Fixed',
      body: 'The text',
    })
    expect(json<{ data: Post }>(edited).data).toMatchObject({ title: 'Fixed', body: 'The text' })
    expect(json<{ data: Post }>(edited).data.editedAt).not.toBeNull()
    t.clock.now += 2 * 60 * 1000
    const late = await call('PUT', `/api/community/posts/${created.id}`, ben, { body: 'Again' })
    expect(late.statusCode).toBe(403)
    expect(json(late).message).toBe('What you write can be changed for 15 minutes after writing it')
  })

  it('deletes own replies, keeps a deleted reply with answers under it as deleted', async () => {
    tick()
    const created = await post(ann, { category: 'questions', title: 'Delete test', body: 'x' })
    const parent = await reply(ben, created.id, 'Parent words')
    tick()
    await reply(cat, created.id, 'Child', parent.id)
    tick()
    const lonely = await reply(ben, created.id, 'Lonely')
    expect((await call('DELETE', `/api/community/replies/${parent.id}`, cat)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/community/replies/${parent.id}`, ben)).statusCode).toBe(200)
    expect((await call('DELETE', `/api/community/replies/${lonely.id}`, ben)).statusCode).toBe(200)
    const read = await thread(ann, created.id)
    expect(read.replies.map((r) => [r.body, r.deleted])).toEqual([
      ['', true],
      ['Child', false],
    ])
    expect(read.post.replyCount).toBe(1)
    expect((await call('DELETE', `/api/community/posts/${created.id}`, ann)).statusCode).toBe(200)
    expect((await call('GET', `/api/community/posts/${created.id}`, ann)).statusCode).toBe(404)
  })

  it('takes no replies from members once locked; an administrator marks the answer', async () => {
    tick()
    const created = await post(ann, { category: 'questions', title: 'Lock me', body: 'x' })
    const answer = await reply(ben, created.id, 'The answer')
    const marked = await call('PUT', `/api/community/posts/${created.id}/answer`, admin, {
      replyId: answer.id,
    })
    expect(json<{ data: Post }>(marked).data.answerId).toBe(answer.id)
    expect((await thread(ann, created.id)).replies[0]!.isAnswer).toBe(true)
    expect(
      (await call('PUT', `/api/community/posts/${created.id}/answer`, ann, { replyId: null }))
        .statusCode,
    ).toBe(403)
    await call('PUT', `/api/community/posts/${created.id}/lock`, admin, { locked: true })
    const refused = await call('POST', `/api/community/posts/${created.id}/replies`, cat, {
      body: 'More',
    })
    expect(refused.statusCode).toBe(403)
    expect(json(refused).message).toBe('This thread is locked: it takes no more replies')
  })
})

describe('under a lesson', () => {
  it('shows a lesson’s questions only to members who may open the lesson', async () => {
    tick()
    const question = await ask(ann, LESSON, 'How long should the first article be?')
    expect(question.lesson).toEqual({ path: LESSON, title: expect.any(String) })
    const list = await call('GET', `/api/community/lesson?path=${LESSON}`, ben)
    expect(json<{ data: PageOfPosts }>(list).data.items.map((p) => p.id)).toContain(question.id)
    // A member without the training area: the lesson's 403, and the post is not found.
    expect((await call('GET', `/api/community/lesson?path=${LESSON}`, outsider)).statusCode).toBe(
      403,
    )
    for (const url of [
      `/api/community/posts/${question.id}`,
      `/api/community/posts/${question.id}/replies`,
    ]) {
      const res = await call(url.endsWith('replies') ? 'POST' : 'GET', url, outsider, {
        body: 'let me in',
      })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('first article')
    }
    // Lesson questions stay out of the feed.
    expect(JSON.stringify(await feed(outsider, '?limit=50'))).not.toContain(question.id)
  })

  it('mentions only members who may read the thread, and suggests only them', async () => {
    tick()
    const question = await ask(ann, DIGISTORE, 'Where is the vendor ID?')
    const suggest = async (q: string, where = '') =>
      json<{ data: Author[] }>(await call('GET', `/api/community/mentions?q=${q}${where}`, ann))
        .data
    const inLesson = await suggest('', `&path=${encodeURIComponent(DIGISTORE)}`)
    expect(inLesson.map((a) => a.id)).toContain(admin.id)
    expect(inLesson.map((a) => a.id)).not.toContain(ben.id)
    const inFeed = await suggest(ben.handle.slice(0, 3))
    expect(inFeed.map((a) => a.id)).toContain(ben.id)
    const answer = await reply(ann, question.id, `Ask @${admin.handle} or @${ben.handle}`)
    expect(answer.html).toContain(`data-handle="${admin.handle}"`)
    expect(answer.html).not.toContain(`data-handle="${ben.handle}"`)
    expect(answer.html).toContain(`@${ben.handle}`)
  })
})

describe('search', () => {
  const search = async (who: Who, q: string) =>
    json<{ data: SearchHit[] }>(await call('GET', `/api/search?q=${encodeURIComponent(q)}`, who))
      .data
  it('finds posts and replies the member may read, and nothing under a lesson they may not open', async () => {
    tick()
    const feedPost = await post(ann, {
      category: 'questions',
      title: 'Zanzibar spice niche',
      body: 'Anyone tried the zanzibar spice niche?',
    })
    await reply(ben, feedPost.id, 'Zanzibar spices sell well around the holidays')
    tick()
    const underLesson = await ask(ann, LESSON, 'Would the quetzalcoatl method help me here?')
    const found = await search(cat, 'zanzibar')
    expect(found.filter((h) => h.kind === 'post').map((h) => [h.path, h.context])).toEqual(
      expect.arrayContaining([
        [`/admin/community/${feedPost.id}`, 'Community'],
        [
          expect.stringMatching(new RegExp(`^/admin/community/${feedPost.id}#reply-`)),
          'Community reply',
        ],
      ]),
    )
    expect(found.find((h) => h.kind === 'post')!.marks.length).toBeGreaterThan(0)
    expect((await search(cat, 'quetzalcoatl')).map((h) => h.path)).toEqual([
      `/admin/community/${underLesson.id}`,
    ])
    expect(await search(outsider, 'quetzalcoatl')).toEqual([])
    // Hidden: found by its author and administrators only.
    await call('POST', `/api/community/posts/${feedPost.id}/moderate`, admin, { action: 'hide' })
    expect(
      (await search(cat, 'zanzibar spice niche')).some(
        (h) => h.path === `/admin/community/${feedPost.id}`,
      ),
    ).toBe(false)
    expect(
      (await search(ann, 'zanzibar spice niche')).some(
        (h) => h.path === `/admin/community/${feedPost.id}`,
      ),
    ).toBe(true)
  })
})

describe('limits', () => {
  it('allows at most 10 mentions in one post', async () => {
    const body = Array.from({ length: 11 }, (_, i) => `@someone${i}`).join(' ')
    const res = await call('POST', '/api/community/posts', ann, {
      category: 'questions',
      title: 'Spam',
      body,
    })
    expect(res.statusCode).toBe(400)
    expect(json(res).message).toBe('Mention at most 10 members in one post')
  })

  it('keeps links from a new member’s first 3 posts, and 5 posts an hour in the first week', async () => {
    const res = await call('POST', '/api/community/posts', newcomer, {
      category: 'introductions',
      title: 'Hi',
      body: 'My site: https://example.com',
    })
    expect(res.statusCode).toBe(400)
    expect(json(res).message).toMatch(/^Links can be added once you have written 3 posts/)
    for (let i = 0; i < 5; i++) {
      tick(60_000)
      await post(newcomer, { category: 'introductions', title: `Hi ${i}`, body: 'Hello' })
    }
    tick(60_000)
    const sixth = await call('POST', '/api/community/posts', newcomer, {
      category: 'introductions',
      title: 'Hi 6',
      body: 'Hello',
    })
    expect(sixth.statusCode).toBe(429)
    expect(json(sixth).message).toMatch(
      /^In their first week, members write at most 5 posts an hour\. Please try again in 55 minutes\.$/,
    )
    expect(Number(sixth.headers['retry-after'])).toBe(55 * 60)
    // Links are fine now, in a reply.
    const page = await feed(newcomer, '?category=introductions&limit=1')
    await reply(newcomer, page.items[0]!.id, 'See https://example.com')
  })
})

describe('reports and moderation', () => {
  it('hides a post three members report, queues it, and an administrator restores it', async () => {
    tick()
    const spam = await post(ben, {
      category: 'wins',
      title: 'Buy my course',
      body: 'Cheap course here',
    })
    const report = (who: Who) =>
      call('POST', `/api/community/posts/${spam.id}/reports`, who, { reason: 'spam' })
    expect(
      (await call('POST', `/api/community/posts/${spam.id}/reports`, ben, { reason: 'spam' }))
        .statusCode,
    ).toBe(400)
    const said = async (who: Who) =>
      json<{ data: { message: string } }>(await report(who)).data.message
    expect(await said(ann)).toBe('Thank you for the report: an administrator will look at it.')
    expect(await said(ann)).toBe('You reported this already: an administrator will look at it.')
    await report(cat)
    expect((await thread(newcomer, spam.id)).post.hidden).toBe(false)
    await report(newcomer)
    expect((await call('GET', `/api/community/posts/${spam.id}`, newcomer)).statusCode).toBe(404)
    // Its author still sees it, marked hidden.
    expect((await thread(ben, spam.id)).post.hidden).toBe(true)
    expect((await call('GET', '/api/community/reports', ann)).statusCode).toBe(403)
    const queue = json<{ data: Reported[] }>(
      await call('GET', '/api/community/reports', admin),
    ).data
    const entry = queue.find((r) => r.post.id === spam.id)!
    expect(entry).toMatchObject({ hidden: true, replyId: null, author: { id: ben.id } })
    expect(entry.reports).toHaveLength(3)
    const restored = await call('POST', `/api/community/posts/${spam.id}/moderate`, admin, {
      action: 'restore',
    })
    expect(json<{ data: { message: string } }>(restored).data.message).toBe(
      'The post is shown again',
    )
    expect((await thread(newcomer, spam.id)).post.hidden).toBe(false)
    const after = json<{ data: Reported[] }>(
      await call('GET', '/api/community/reports', admin),
    ).data
    expect(after.find((r) => r.post.id === spam.id)).toBeUndefined()
  })

  it('mutes a member for a number of days; audited', async () => {
    const res = await call('PUT', `/api/community/members/${cat.id}/mute`, admin, { days: 1 })
    expect(res.statusCode).toBe(200)
    const refused = await call('POST', '/api/community/posts', cat, {
      category: 'wins',
      title: 'Still here',
      body: 'x',
    })
    expect(refused.statusCode).toBe(403)
    expect(json(refused).message).toMatch(/^You are muted in the community until /)
    t.clock.now += DAY + 1000
    await post(cat, { category: 'wins', title: 'Back', body: 'Hello again' })
    const audit = json<{ data: { items: AuditEntry[] } }>(await call('GET', '/api/audit', admin))
      .data.items
    expect(audit.find((a) => a.action === 'community.mute')).toMatchObject({
      targetEmail: cat.email,
      detail: 'Muted for 1 day',
    })
  })
})

describe('handles', () => {
  it('gives every member a unique handle from their name', async () => {
    const rows = await t.database.db.execute(
      sql`select handle from members where handle is null or handle !~ '^[a-z0-9]{2,30}$'`,
    )
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([])
    expect(new Set([ann, ben, cat, admin].map((w) => w.handle)).size).toBe(4)
    expect(ann.handle).toMatch(/^testm\d*$/)
  })
})
