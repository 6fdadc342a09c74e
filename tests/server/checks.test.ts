import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AreaKey } from '@schemas/access'
import type { Certificate } from '@schemas/certificates'
import type {
  CheckResult,
  CheckSource,
  KnowledgeCheck,
  QuestionSource,
  QuestionStat,
} from '@schemas/checks'
import type { Course } from '@schemas/courses'
import type { AuditEntry } from '@schemas/members'

import { syncContent } from '../../server/services/course-content'
import { bearer, createTestApp, json, type TestApp } from './helpers'

interface Caller {
  id: string
  email: string
  token: string
}

let t: TestApp
let admin: Caller

beforeAll(async () => {
  t = await createTestApp()
  admin = await make('admin')
})
afterAll(() => t.close())

async function make(role: 'admin' | 'member' = 'member', areas: AreaKey[] = ['training']) {
  const m = await t.createMember({ role, areas })
  return { id: m.id, email: m.email, token: await t.login(m.email, m.password) } as Caller
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Caller,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) })

const checkUrl = (module: number) => `/api/checks/training/${module}`

async function source(module: number) {
  const res = await call('GET', `${checkUrl(module)}/source`, admin)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: CheckSource }>(res).data
}

const IDS = ['a', 'b', 'c', 'd', 'e']
const rightOf = (q: QuestionSource) => IDS.filter((_, i) => q.options[i]?.correct)
const wrongOf = (q: QuestionSource) => [IDS[q.options.findIndex((o) => !o.correct)]!]

/** Answers to a check: right to the first `right` questions, wrong to the rest. */
async function answers(module: number, right: number) {
  const { questions } = await source(module)
  return Object.fromEntries(questions.map((q, i) => [q.id, i < right ? rightOf(q) : wrongOf(q)]))
}

async function submit(module: number, who: Caller, answered: Record<string, string[]>) {
  const res = await call('POST', `${checkUrl(module)}/attempts`, who, { answers: answered })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: CheckResult }>(res).data
}

describe('taking a check', () => {
  it('shows the questions without saying which options are right, to members of the course only', async () => {
    const outsider = await make('member', ['bonus'])
    const refused = await call('GET', checkUrl(1), outsider)
    expect(refused.statusCode).toBe(403)

    const member = await make()
    const res = await call('GET', checkUrl(1), member)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toMatch(/correct|explanation/i)
    const check = json<{ data: KnowledgeCheck }>(res).data
    expect(check).toMatchObject({
      course: { key: 'training', overview: '/admin/dgtraining' },
      module: { number: 1, title: 'Foundations' },
      passMark: 80,
      best: null,
      attempts: 0,
    })
    expect(check.questions.length).toBeGreaterThanOrEqual(5)
    for (const q of check.questions) {
      expect(q.options.map((o) => o.id)).toEqual(IDS.slice(0, q.options.length))
      expect(q.lesson.path).toMatch(/^\/admin\/training\/module1\//)
      expect(q.lesson.title).not.toBe('The lesson')
    }
    expect((await call('GET', '/api/checks/training/9', member)).statusCode).toBe(404)
  })

  it('refuses an attempt with a question left open, an unknown question or option, or two choices for one', async () => {
    const member = await make()
    const full = await answers(1, 6)
    const rest = Object.keys(full).slice(1)
    const post = (answered: Record<string, string[]>) =>
      call('POST', `${checkUrl(1)}/attempts`, member, { answers: answered })

    const open = await post(Object.fromEntries(rest.map((id) => [id, full[id]!])))
    expect(open.statusCode).toBe(400)
    expect(json<{ message: string }>(open).message).toBe(
      'Answer every question before submitting: 1 is left',
    )
    expect((await post({ ...full, surprise: ['a'] })).statusCode).toBe(400)
    const { questions } = await source(1)
    const single = questions.find((q) => q.kind === 'single')!
    expect((await post({ ...full, [single.id]: ['a', 'b'] })).statusCode).toBe(400)
    const short = questions.find((q) => q.options.length < 5)!
    expect((await post({ ...full, [short.id]: ['e'] })).statusCode).toBe(400)
    // Nothing of those was kept.
    const check = json<{ data: KnowledgeCheck }>(await call('GET', checkUrl(1), member)).data
    expect(check.attempts).toBe(0)
  })

  it('marks on the server, explains every option, keeps the best score and allows retries', async () => {
    const member = await make()
    const { questions } = await source(1)
    const total = questions.length

    const failed = await submit(1, member, await answers(1, 2))
    expect(failed).toMatchObject({
      right: 2,
      total,
      score: Math.round(200 / total),
      passed: false,
      certificate: false,
    })
    for (const [i, q] of failed.questions.entries()) {
      expect(q.right).toBe(i < 2)
      expect(q.options.map((o) => o.explanation.length > 0)).not.toContain(false)
      expect(q.options.filter((o) => o.correct).map((o) => o.id)).toEqual(rightOf(questions[i]!))
    }
    // A question with more than one right option is right only when all of them are chosen.
    const multiple = questions.findIndex((q) => q.kind === 'multiple')
    const partly = await answers(1, total)
    partly[questions[multiple]!.id] = rightOf(questions[multiple]!).slice(0, 1)
    const almost = await submit(1, member, partly)
    expect(almost.questions[multiple]!.right).toBe(false)
    expect(almost.right).toBe(total - 1)

    const passed = await submit(1, member, await answers(1, total))
    expect(passed).toMatchObject({ score: 100, passed: true, best: { score: 100, passed: true } })
    // A worse try later keeps the best.
    const worse = await submit(1, member, await answers(1, 0))
    expect(worse).toMatchObject({ score: 0, passed: false, best: { score: 100, passed: true } })
    const check = json<{ data: KnowledgeCheck }>(await call('GET', checkUrl(1), member)).data
    expect(check.best).toMatchObject({ score: 100, passed: true })
    expect(check.attempts).toBe(4)

    const list = json<{ data: { courses: Course[] } }>(await call('GET', '/api/courses', member))
    const training = list.data.courses.find((c) => c.key === 'training')!
    expect(training.modules[0]!.check).toMatchObject({
      path: '/admin/training/module1/check',
      best: 100,
      passed: true,
    })
    expect(training.modules[1]!.check).toMatchObject({ best: null, passed: false })
  })

  it('passes at 80 percent and not below', async () => {
    const member = await make()
    const { questions } = await source(3)
    // Module 3 has ten questions: eight right is 80 %.
    expect(questions).toHaveLength(10)
    expect((await submit(3, member, await answers(3, 7))).passed).toBe(false)
    expect(await submit(3, member, await answers(3, 8))).toMatchObject({ score: 80, passed: true })
  })
})

describe('the certificate', () => {
  it('is issued once every lesson is complete and every module’s check passed', async () => {
    const member = await make()
    const course = json<{ data: { courses: Course[] } }>(
      await call('GET', '/api/courses', member),
    ).data.courses.find((c) => c.key === 'training')!
    for (const lesson of course.lessons) {
      const res = await call(
        'PUT',
        `/api/lesson/progress?path=${encodeURIComponent(lesson.path)}`,
        member,
        { completed: true },
      )
      expect(res.statusCode, res.body).toBe(200)
    }
    const held = async () =>
      json<{ data: Certificate[] }>(await call('GET', '/api/certificates', member)).data.filter(
        (c) => c.courseKey === 'training',
      )
    expect(await held()).toEqual([])
    expect((await submit(1, member, await answers(1, 99))).certificate).toBe(false)
    expect((await submit(2, member, await answers(2, 99))).certificate).toBe(false)
    expect(await held()).toEqual([])
    const last = await submit(3, member, await answers(3, 99))
    expect(last.certificate).toBe(true)
    const [certificate] = await held()
    expect(certificate!.completedAt).toBe(last.best.at)
  })
})

describe('editing a check', () => {
  it('lets administrators edit and restore the questions, kept over a content reload, audited', async () => {
    const member = await make()
    expect((await call('GET', `${checkUrl(2)}/source`, member)).statusCode).toBe(403)
    const before = await source(2)
    expect(before.edited).toBe(false)
    expect(before.lessons.map((l) => l.path)).toEqual([
      '/admin/training/module2/lesson1',
      '/admin/training/module2/lesson2',
      '/admin/training/module2/lesson3',
    ])
    const questions = before.questions
      .slice(0, 5)
      .map((q, i) => (i === 0 ? { ...q, prompt: 'Which link carries your tracking id?' } : q))
    const stray = await call('PUT', `${checkUrl(2)}/source`, admin, {
      title: 'Offers and links: check',
      questions: questions.map((q, i) =>
        i === 1 ? { ...q, lesson: '/admin/training/module1/lesson1' } : q,
      ),
    })
    expect(stray.statusCode).toBe(400)
    expect(json<{ message: string }>(stray).message).toBe(
      'questions.1.lesson: not a lesson of this module',
    )
    const twoRight = await call('PUT', `${checkUrl(2)}/source`, admin, {
      title: 'Offers and links: check',
      questions: questions.map((q, i) =>
        i === 0 && q.kind === 'single'
          ? { ...q, options: q.options.map((o) => ({ ...o, correct: true })) }
          : q,
      ),
    })
    expect(twoRight.statusCode).toBe(400)

    const saved = await call('PUT', `${checkUrl(2)}/source`, admin, {
      title: 'Offers and links: check',
      questions,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(json<{ data: CheckSource }>(saved).data).toMatchObject({
      edited: true,
      editedBy: admin.email,
      title: 'Offers and links: check',
    })
    const shown = async () =>
      json<{ data: KnowledgeCheck }>(await call('GET', checkUrl(2), member)).data
    expect((await shown()).questions).toHaveLength(5)
    expect((await shown()).questions[0]!.prompt).toBe('Which link carries your tracking id?')

    await t.database.db.execute(sql`delete from server_state`)
    expect(await syncContent(t.database.db, t.app.services.config.contentDir)).toBe('loaded')
    expect((await shown()).title).toBe('Offers and links: check')

    const restored = await call('DELETE', `${checkUrl(2)}/source`, admin)
    expect(json<{ data: CheckSource }>(restored).data.edited).toBe(false)
    expect((await shown()).questions).toHaveLength(before.questions.length)

    const audit = json<{ data: { items: AuditEntry[] } }>(
      await call('GET', '/api/audit?page=1&pageSize=5', admin),
    ).data.items
    expect(audit.slice(0, 2).map((a) => a.action)).toEqual(['check.restore', 'check.edit'])
    expect(audit[0]!.targetEmail).toBe('/admin/training/module2/check')
  })
})

describe('insights', () => {
  it('gives each question’s share answered right, the hardest first, to administrators', async () => {
    const member = await make()
    await submit(1, member, await answers(1, 1))
    expect((await call('GET', '/api/checks/questions', member)).statusCode).toBe(403)
    const res = await call('GET', '/api/checks/questions', admin)
    expect(res.statusCode).toBe(200)
    const stats = json<{ data: QuestionStat[] }>(res).data
    expect(stats.length).toBeGreaterThan(5)
    const shares = stats.map((s) => s.share)
    expect(shares).toEqual([...shares].sort((a, b) => a - b))
    for (const s of stats) {
      expect(s.right).toBeLessThanOrEqual(s.answered)
      expect(s.share).toBeCloseTo(s.right / s.answered)
      expect(s.prompt.length).toBeGreaterThan(0)
    }
  })
})
