import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Course, Lesson, LessonSource, SearchHit } from '@schemas/courses'

import { searchQuery } from '../../server/repos/courses'
import { rowsOf } from '../../server/repos/insights'
import { syncContent } from '../../server/services/course-content'
import { writeMemberOutside } from './fixtures'
import { bearer, createTestApp, json, type TestApp } from './helpers'

const DAY = 24 * 60 * 60 * 1000
const LESSON = '/admin/training/module1/lesson1'
const DIGISTORE = '/admin/digistore/step1'
const DRIP = '/admin/bonus/sidehustle/chapter12'

let t: TestApp
let member: { id: string; email: string; token: string }
let other: { id: string; email: string; token: string }
let admin: { id: string; email: string; token: string }

beforeAll(async () => {
  t = await createTestApp({
    config: {
      offers: { upsell1: { price: 'US$ 47', checkoutUrl: 'https://pay.example/upsell1' } },
    },
  })
  const make = async (role: 'admin' | 'member', areas?: ('training' | 'bonus')[]) => {
    const m = await t.createMember({ role, ...(areas ? { areas } : {}) })
    return { id: m.id, email: m.email, token: await t.login(m.email, m.password) }
  }
  member = await make('member', ['training', 'bonus'])
  other = await make('member', ['training', 'bonus'])
  admin = await make('admin')
})
afterAll(() => t.close())

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
const lessonUrl = (path: string) => `/api/lesson?path=${encodeURIComponent(path)}`
const progress = (path: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/lesson/progress?path=${encodeURIComponent(path)}`,
    headers: bearer(token),
    payload,
  })
const courses = async (token: string) =>
  json<{ data: { courses: Course[] } }>(await get('/api/courses', token)).data.courses
const search = async (q: string, token: string) =>
  json<{ data: SearchHit[] }>(await get(`/api/search?q=${encodeURIComponent(q)}`, token)).data

describe('reading and locking', () => {
  it('refuses anonymous callers', async () => {
    for (const url of ['/api/courses', lessonUrl(LESSON), '/api/search?q=niche']) {
      expect((await get(url)).statusCode).toBe(401)
    }
  })

  it('lists every course with its lessons and what is locked for the caller', async () => {
    const list = await courses(member.token)
    expect(list.map((c) => c.key)).toEqual([
      'training',
      'realworld',
      'sidehustle',
      'twentyways',
      'digistore',
    ])
    const training = list.find((c) => c.key === 'training')!
    expect(training.lessons).toHaveLength(11)
    expect(training.modules.map((m) => m.completion.total)).toEqual([2, 3, 6])
    expect(training.lessons[0]).toMatchObject({ path: LESSON, locked: false, completed: false })
    const digistore = list.find((c) => c.key === 'digistore')!
    expect(digistore.locked).toBe(true)
    expect(digistore.lessons.every((l) => l.locked && l.lockedReason === 'area')).toBe(true)
    expect(list.find((c) => c.key === 'realworld')!.lessons).toHaveLength(12)
    expect(list.find((c) => c.key === 'sidehustle')!.lessons).toHaveLength(13)
  })

  it('serves a lesson with its text, headings and neighbours', async () => {
    const res = await get(lessonUrl('/admin/training/module2/lesson1'), member.token)
    expect(res.statusCode).toBe(200)
    const lesson = json<{ data: Lesson }>(res).data
    expect(lesson.html).toContain('<h2 id=')
    expect(lesson.headings.length).toBeGreaterThan(2)
    expect(lesson.previous?.path).toBe('/admin/training/module1/lesson2')
    expect(lesson.next?.path).toBe('/admin/training/module2/lesson2')
    expect(lesson.module).toEqual({ number: 2, title: 'Offers and links' })
    expect(lesson.progress.openedAt).not.toBeNull()
  })

  it('does not record as opened a lesson fetched to keep for reading offline', async () => {
    const path = '/admin/training/module3/lesson2'
    const made = await t.createMember({ role: 'member', areas: ['training'] })
    const reader = { id: made.id, token: await t.login(made.email, made.password) }
    const opened = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from lesson_progress where member_id = ${reader.id} and path = ${path}`,
        )) as unknown as { rows: unknown[] }
      ).rows[0]
    const kept = await t.app.inject({
      method: 'GET',
      url: lessonUrl(path),
      headers: { ...bearer(reader.token), 'x-offline-copy': '1' },
    })
    expect(kept.statusCode).toBe(200)
    expect(json<{ data: Lesson }>(kept).data.html).toContain('<h2')
    expect(await opened()).toEqual({ n: 0 })
    expect((await get(lessonUrl(path), reader.token)).statusCode).toBe(200)
    expect(await opened()).toEqual({ n: 1 })
  })

  it('refuses a lesson of an area the member lacks with 403 naming it, and sends no text', async () => {
    const res = await get(lessonUrl(DIGISTORE), member.token)
    expect(res.statusCode).toBe(403)
    expect(json(res)).toEqual({
      message: 'Digistore24 training is a paid upgrade that is not part of your membership yet.',
    })
    expect(res.body).not.toContain('promolink')
    expect((await progress(DIGISTORE, member.token, { completed: true })).statusCode).toBe(403)
    expect((await get(lessonUrl(DIGISTORE), admin.token)).statusCode).toBe(200)
  })

  it('opens a drip lesson only that many days after the member joined', async () => {
    const before = await get(lessonUrl(DRIP), member.token)
    expect(before.statusCode).toBe(403)
    expect(json<{ message: string }>(before).message).toMatch(
      /^This lesson opens on \w+ \d{1,2}, \d{4}, 7 days after you joined\.$/,
    )
    const item = (await courses(member.token))
      .find((c) => c.key === 'sidehustle')!
      .lessons.find((l) => l.path === DRIP)!
    expect(item).toMatchObject({ locked: true, lockedReason: 'drip' })
    expect(Date.parse(item.opensAt!)).toBeGreaterThan(Date.now() + 6 * DAY)

    // Eight days later (as if the member had joined eight days ago) it opens.
    const shift = (days: number) =>
      writeMemberOutside(t, member.id, () =>
        t.database.db.execute(
          sql`update members set created_at = created_at + make_interval(days => ${days}) where id = ${member.id}`,
        ),
      )
    await shift(-8)
    try {
      expect((await get(lessonUrl(DRIP), member.token)).statusCode).toBe(200)
    } finally {
      await shift(8)
    }
  })

  it('answers 404 for a path without content and 400 for a malformed one', async () => {
    expect((await get(lessonUrl('/admin/training/module9/lesson9'), member.token)).statusCode).toBe(
      404,
    )
    expect((await get(lessonUrl('../../etc/passwd'), member.token)).statusCode).toBe(400)
  })

  it('shows an offer with the price and checkout the operator set, or none', async () => {
    const set = json<{ data: Lesson }>(await get(lessonUrl('/admin/upgrade/upsell1'), member.token))
    expect(set.data.offer).toEqual({
      unlocks: 'upsell1',
      owned: false,
      price: 'US$ 47',
      checkoutUrl: 'https://pay.example/upsell1',
    })
    const unset = json<{ data: Lesson }>(
      await get(lessonUrl('/admin/upgrade/dfyvideo'), member.token),
    )
    expect(unset.data.offer).toMatchObject({ price: null, checkoutUrl: null, owned: false })
  })
})

describe('progress', () => {
  it('completes, undoes and resumes, for the member alone', async () => {
    const path = '/admin/training/module1/lesson2'
    // Later than anything an earlier test opened.
    t.clock.now += 60_000
    await get(lessonUrl(path), member.token)
    const saved = await progress(path, member.token, { position: 0.4 })
    expect(json<{ data: { position: number } }>(saved).data.position).toBeCloseTo(0.4)
    let list = await courses(member.token)
    expect(list[0]!.completion.completed).toBe(0)
    const res = await get('/api/courses', member.token)
    const body = json<{ data: { resume: { path: string; position: number } } }>(res).data
    expect(body.resume.path).toBe(path)
    expect(body.resume.position).toBeCloseTo(0.4)

    await progress(path, member.token, { completed: true })
    list = await courses(member.token)
    expect(list[0]!.lessons.find((l) => l.path === path)!.completed).toBe(true)
    expect(list[0]!.completion.completed).toBe(1)
    expect(list[0]!.modules[0]!.completion).toEqual({ completed: 1, total: 2 })
    // Finished: the resume card offers the next lesson of the course, from its start.
    const next = json<{ data: { resume: { path: string; position: number } } }>(
      await get('/api/courses', member.token),
    ).data.resume
    expect(next).toMatchObject({ path: '/admin/training/module2/lesson1', position: 0 })

    // Nothing of it shows for another member.
    const theirs = await courses(other.token)
    expect(theirs[0]!.completion.completed).toBe(0)
    expect(
      json<{ data: { resume: unknown } }>(await get('/api/courses', other.token)).data.resume,
    ).toBeNull()

    await progress(path, member.token, { completed: false })
    list = await courses(member.token)
    expect(list[0]!.lessons.find((l) => l.path === path)!.completed).toBe(false)
  })

  it('refuses progress out of range', async () => {
    expect((await progress(LESSON, member.token, { position: 2 })).statusCode).toBe(400)
    expect((await progress(LESSON, member.token, { surprise: true })).statusCode).toBe(400)
  })
})

describe('search', () => {
  it('finds lessons by a word of their text, ranked, with the match marked', async () => {
    const hits = await search('hoplink', member.token)
    expect(hits.length).toBeGreaterThan(0)
    const first = hits[0]!
    expect(first.path).toMatch(/^\/admin\//)
    expect(first.locked).toBe(false)
    expect(first.marks.length).toBeGreaterThan(0)
    const [start, end] = first.marks[0]!
    expect(first.snippet.slice(start, end).toLowerCase()).toMatch(/^hoplink/)
  })

  it('finds words as they are typed (prefixes)', async () => {
    expect((await search('bridg', member.token)).some((h) => h.title.includes('Bridge'))).toBe(true)
  })

  it('shows a locked lesson by its title only, never its text', async () => {
    const byTitle = await search('Promolinks campaign keys', member.token)
    const locked = byTitle.find((h) => h.path === '/admin/digistore/step3')
    expect(locked).toMatchObject({ locked: true, snippet: '', marks: [] })
    // A word only in a locked lesson's text finds nothing of it.
    const all = await search('approval request', admin.token)
    const onlyLocked = all.filter((h) => h.path.startsWith('/admin/digistore/'))
    expect(onlyLocked.length).toBeGreaterThan(0)
    const mine = await search('approval request', member.token)
    for (const hit of mine.filter((h) => h.path.startsWith('/admin/digistore/'))) {
      expect(hit.snippet).toBe('')
    }
  })

  it('searches the caller’s own notes and nobody else’s', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: bearer(other.token),
      payload: { title: 'Zanzibar pricing idea', body: 'Secret quokka plan' },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: bearer(member.token),
      payload: { title: 'Webinar outline', body: 'Open with the quokka story' },
    })
    const mine = await search('quokka', member.token)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ kind: 'note', title: 'Webinar outline', context: 'Note' })
    expect(mine[0]!.path).toMatch(/^\/admin\/notes\?note=/)
  })

  it('matches typed words in any form, and the last one also as the start of a longer word', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: bearer(other.token),
      payload: { title: 'Traffic plan', body: 'Run ads on the weekend; update the address book' },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: bearer(other.token),
      payload: { title: 'Mailing list', body: 'Confirm the address first' },
    })
    const titles = async (q: string) =>
      (await search(q, other.token)).filter((h) => h.kind === 'note').map((h) => h.title)
    // A word in another form ("ad" for "ads"), and the start of a longer one.
    expect(await titles('weekend ad')).toEqual(['Traffic plan'])
    expect(await titles('weekend addr')).toEqual(['Traffic plan'])
    // Only the last word is a beginning: "week" before another word is a word of its own.
    expect(await titles('week ads')).toEqual([])
    // "ads" is not the start of "address"; nor is a two-letter word anything's start.
    expect(await titles('ads')).toEqual(['Traffic plan'])
    expect(await titles('traffic adsense')).toEqual([])
    expect(await titles('traffic bo')).toEqual([])
    // A stop word typed last is left out rather than matched as a beginning.
    expect(await titles('weekend the')).toEqual(['Traffic plan'])
  })

  it('asks for a last word that is its own stem once, as a beginning', async () => {
    // "show" and "show:*" both would count the replies with "show" twice in the planner's
    // estimate, which then walks a million replies in date order for a rare pair of words.
    const asked = async (text: string) =>
      (
        await rowsOf<{ q: string }>(
          t.database.db.execute(sql`select (${searchQuery(text)})::text as q`),
        )
      )[0]!.q
    expect(await asked('show')).toBe(`'show':*`)
    expect(await asked('commissions show')).toBe(`'commiss' & 'show':*`)
    expect(await asked('ads')).toBe(`'ad' | 'ads':*`)
    expect(await asked('weekend the')).toBe(`'weekend'`)
  })

  it('refuses a one-letter search and treats query syntax as text', async () => {
    expect((await get('/api/search?q=a', member.token)).statusCode).toBe(400)
    const odd = await get(`/api/search?q=${encodeURIComponent("niche & ) | ! :* '")}`, member.token)
    expect(odd.statusCode).toBe(200)
  })
})

describe('editing', () => {
  const path = '/admin/training/module3/lesson1'
  const sourceUrl = `/api/lesson/source?path=${encodeURIComponent(path)}`

  it('lets only administrators edit', async () => {
    expect((await get(sourceUrl, member.token)).statusCode).toBe(403)
    const res = await t.app.inject({
      method: 'PUT',
      url: sourceUrl,
      headers: bearer(member.token),
      payload: { title: 'x', markdown: 'y', video: '' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('stores an edit, renders it safely, audits it, keeps it over a content reload and restores', async () => {
    const markdown = [
      '## Safe text',
      '',
      '<script>alert(1)</script> and <img src=x onerror=alert(1)>',
      '',
      '[bad](javascript:alert(1)) [ok](/admin/dgtraining) [away](https://example.org/page)',
      '',
      '## Second part',
      '',
      'Zephyrine is a word of this part only.',
    ].join('\n')
    const res = await t.app.inject({
      method: 'PUT',
      url: sourceUrl,
      headers: bearer(admin.token),
      payload: {
        title: 'Edited title',
        markdown,
        video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(json<{ data: LessonSource }>(res).data).toMatchObject({
      edited: true,
      editedBy: admin.email,
    })

    const shown = json<{ data: Lesson }>(await get(lessonUrl(path), member.token)).data
    expect(shown.title).toBe('Edited title')
    expect(shown.html).toContain('&lt;script&gt;')
    expect(shown.html).not.toMatch(/<script|<img|href="javascript/i)
    expect(shown.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(shown.html).toContain('href="/admin/dgtraining"')
    expect(shown.html).toContain('rel="noopener noreferrer"')
    expect(shown.video).toEqual({
      provider: 'youtube',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&rel=0',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    })
    expect((await search('Edited title', member.token)).some((h) => h.path === path)).toBe(true)
    // The edited text is found, quoted from the part of it that matches, and opens at its heading.
    const found = async () =>
      (await search('zephyrine', member.token)).find((h) => h.path.startsWith(`${path}#`))
    const quoted = async () => (await found())?.snippet
    expect(await quoted()).toBe('Zephyrine is a word of this part only')
    expect((await found())!.path).toBe(`${path}#second-part`)

    const audit = json<{ data: { items: { action: string; targetEmail: string }[] } }>(
      await get('/api/audit?page=1&pageSize=10', admin.token),
    ).data.items
    expect(audit[0]).toMatchObject({ action: 'lesson.edit', targetEmail: path })

    // The files load again (as after a change in the repository): the edit stays.
    await t.database.db.execute(sql`delete from server_state`)
    expect(await syncContent(t.database.db, t.app.services.config.contentDir)).toBe('loaded')
    expect(json<{ data: Lesson }>(await get(lessonUrl(path), member.token)).data.title).toBe(
      'Edited title',
    )
    expect(await quoted()).toContain('Zephyrine')

    const restored = await t.app.inject({
      method: 'DELETE',
      url: sourceUrl,
      headers: bearer(admin.token),
    })
    expect(json<{ data: LessonSource }>(restored).data.edited).toBe(false)
    const back = json<{ data: Lesson }>(await get(lessonUrl(path), member.token)).data
    expect(back.title).not.toBe('Edited title')
    expect(back.video).toBeNull()
    expect(await quoted()).toBeUndefined()
  })

  it('refuses a video address that is not YouTube, Vimeo or .mp4', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: sourceUrl,
      headers: bearer(admin.token),
      payload: { title: 'T', markdown: 'Text', video: 'https://evil.example/page' },
    })
    expect(res.statusCode).toBe(400)
    expect(json<{ message: string }>(res).message).toMatch(/^video: /)
  })

  it('previews Markdown for administrators', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lesson/preview',
      headers: bearer(admin.token),
      payload: { markdown: '## Hello\n\n**bold** <b>raw</b>' },
    })
    expect(json<{ data: { html: string } }>(res).data.html).toBe(
      '<h2 id="hello">Hello</h2>\n<p><strong>bold</strong> &lt;b&gt;raw&lt;/b&gt;</p>\n',
    )
  })
})
