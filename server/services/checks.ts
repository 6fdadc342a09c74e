import { hasArea, lockedMessage, type AreaKey } from '@schemas/access'
import {
  checkPath,
  OPTION_IDS,
  PASS_MARK,
  type CheckResult,
  type CheckSource,
  type CheckSourceBody,
  type KnowledgeCheck,
} from '@schemas/checks'

import type { Db } from '../db/client'
import { badRequest, forbidden, notFound } from '../errors'
import { recordAudit } from '../repos/audit'
import {
  answerCounts,
  bestResults,
  editCheck,
  findCheck,
  insertAttempt,
  listCheckRows,
  restoreCheck,
  type CheckRow,
} from '../repos/checks'
import { findCourse, lessonsOfModule, memberEmail } from '../repos/courses'
import type { AuthedMember } from './auth'
import type { CertificatesService } from './certificates'

export interface ChecksDeps {
  db: Db
  now: () => number
  /** Issues a course's certificate once its lessons are complete and its checks passed. */
  certificates: Pick<CertificatesService, 'issueCompleted'>
}

const NO_CHECK = 'This module has no knowledge check'

/** The knowledge checks at the end of a course's modules: taken, marked and edited here. */
export class ChecksService {
  constructor(private readonly deps: ChecksDeps) {}

  private get db() {
    return this.deps.db
  }

  /** The check and its course, for a member who may open the course (403 naming its area). */
  private async open(courseKey: string, module: number, member: AuthedMember) {
    const [check, course] = await Promise.all([
      findCheck(this.db, courseKey, module),
      findCourse(this.db, courseKey),
    ])
    if (!check || !course) throw notFound(NO_CHECK)
    if (member.role !== 'admin' && !hasArea(member, course.area as AreaKey)) {
      throw forbidden(lockedMessage(course.area as AreaKey))
    }
    return { check, course }
  }

  async get(courseKey: string, module: number, member: AuthedMember): Promise<KnowledgeCheck> {
    const { check, course } = await this.open(courseKey, module, member)
    const [lessons, best] = await Promise.all([
      lessonsOfModule(this.db, courseKey, module),
      bestResults(this.db, member.id, courseKey, module),
    ])
    const titleOf = new Map(lessons.map((l) => [l.path, l.title]))
    const result = best.get(`${courseKey}/${module}`)
    return {
      course: { key: course.key, title: course.title, overview: course.overview },
      module: {
        number: module,
        title: course.modules.find((m) => m.number === module)?.title ?? `Module ${module}`,
      },
      title: check.title,
      passMark: PASS_MARK,
      questions: check.questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        lesson: { path: q.lesson, title: titleOf.get(q.lesson) ?? 'The lesson' },
        options: q.options.map((o, i) => ({ id: OPTION_IDS[i]!, text: o.text })),
      })),
      best: result
        ? { score: result.score, passed: result.passed, at: result.at.toISOString() }
        : null,
      attempts: result?.attempts ?? 0,
    }
  }

  /**
   * Marks an attempt: a question is right when exactly its right options are chosen. Every
   * question needs an answer; the best score is kept, and passing the last check of a course
   * whose lessons are all complete issues its certificate.
   */
  async submit(
    courseKey: string,
    module: number,
    member: AuthedMember,
    answers: Record<string, string[]>,
  ): Promise<CheckResult> {
    const { check } = await this.open(courseKey, module, member)
    const known = new Set(check.questions.map((q) => q.id))
    const stray = Object.keys(answers).find((id) => !known.has(id))
    if (stray) throw badRequest(`answers: this check has no question “${stray}”`)
    const missing = check.questions.filter((q) => (answers[q.id] ?? []).length === 0).length
    if (missing > 0) {
      throw badRequest(
        `Answer every question before submitting: ${missing} ${missing === 1 ? 'is' : 'are'} left`,
      )
    }
    const marked = check.questions.map((q) => {
      const chosen = [...new Set(answers[q.id])].sort()
      const ids = q.options.map((_, i) => OPTION_IDS[i]!)
      if (chosen.some((id) => !ids.includes(id as (typeof OPTION_IDS)[number]))) {
        throw badRequest(`answers.${q.id}: there is no such option`)
      }
      if (q.kind === 'single' && chosen.length > 1) {
        throw badRequest(`answers.${q.id}: choose one option`)
      }
      const correct = ids.filter((_, i) => q.options[i]!.correct)
      const right = chosen.length === correct.length && chosen.every((id, i) => id === correct[i])
      return {
        id: q.id,
        right,
        chosen,
        options: q.options.map((o, i) => ({
          id: ids[i]!,
          correct: o.correct,
          explanation: o.explanation,
        })),
      }
    })
    const rightCount = marked.filter((m) => m.right).length
    const score = Math.round((100 * rightCount) / marked.length)
    const passed = score >= PASS_MARK
    const at = new Date(this.deps.now())
    await insertAttempt(this.db, {
      memberId: member.id,
      courseKey,
      module,
      score,
      passed,
      at,
      answers: marked.map((m) => ({ questionId: m.id, right: m.right })),
    })
    const issued = passed ? await this.deps.certificates.issueCompleted(member.id, courseKey) : 0
    const best = (await bestResults(this.db, member.id, courseKey, module)).get(
      `${courseKey}/${module}`,
    )!
    return {
      score,
      passed,
      right: rightCount,
      total: marked.length,
      best: { score: best.score, passed: best.passed, at: best.at.toISOString() },
      certificate: issued > 0,
      questions: marked,
    }
  }

  private async toSource(check: CheckRow): Promise<CheckSource> {
    return {
      title: check.title,
      questions: check.questions,
      lessons: await lessonsOfModule(this.db, check.courseKey, check.module),
      edited: check.editedAt !== null,
      editedAt: check.editedAt?.toISOString() ?? null,
      editedBy: await memberEmail(this.db, check.editedBy),
    }
  }

  async source(courseKey: string, module: number): Promise<CheckSource> {
    const check = await findCheck(this.db, courseKey, module)
    if (!check) throw notFound(NO_CHECK)
    return this.toSource(check)
  }

  async edit(
    courseKey: string,
    module: number,
    body: CheckSourceBody,
    admin: AuthedMember,
  ): Promise<CheckSource> {
    const before = await findCheck(this.db, courseKey, module)
    if (!before) throw notFound(NO_CHECK)
    const lessons = new Set((await lessonsOfModule(this.db, courseKey, module)).map((l) => l.path))
    body.questions.forEach((q, i) => {
      if (!lessons.has(q.lesson)) {
        throw badRequest(`questions.${i}.lesson: not a lesson of this module`)
      }
    })
    const row = await editCheck(
      this.db,
      { courseKey, module },
      body,
      admin.id,
      new Date(this.deps.now()),
    )
    await this.audit(admin, 'check.edit', courseKey, module, `${body.questions.length} questions`)
    return this.toSource(row!)
  }

  async restore(courseKey: string, module: number, admin: AuthedMember): Promise<CheckSource> {
    const row = await restoreCheck(this.db, { courseKey, module })
    if (!row) throw notFound(NO_CHECK)
    await this.audit(admin, 'check.restore', courseKey, module, 'The repository’s questions')
    return this.toSource(row)
  }

  private audit(
    admin: AuthedMember,
    action: 'check.edit' | 'check.restore',
    courseKey: string,
    module: number,
    detail: string,
  ) {
    return recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action,
      targetEmail: checkPath(courseKey, module),
      detail,
    })
  }

  /** Each question's share of right answers over every attempt, the hardest first. */
  async questionStats() {
    const [counts, checks] = await Promise.all([answerCounts(this.db), listCheckRows(this.db)])
    const promptOf = new Map(
      checks.flatMap((c) =>
        c.questions.map((q) => [`${c.courseKey}/${c.module}/${q.id}`, { check: c, q }] as const),
      ),
    )
    return counts
      .flatMap((row) => {
        const found = promptOf.get(`${row.courseKey}/${row.module}/${row.questionId}`)
        if (!found) return []
        return [
          {
            path: checkPath(row.courseKey, row.module),
            checkTitle: found.check.title,
            questionId: row.questionId,
            prompt: found.q.prompt,
            answered: row.answered,
            right: row.right,
            share: row.answered > 0 ? row.right / row.answered : 0,
          },
        ]
      })
      .sort((a, b) => a.share - b.share || b.answered - a.answered)
  }
}
