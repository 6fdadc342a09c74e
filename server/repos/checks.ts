import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { checkAnswers, checkAttempts, knowledgeChecks, type StoredQuestion } from '../db/schema'
import { rowsOf } from './insights'

export type CheckRow = typeof knowledgeChecks.$inferSelect

/**
 * Loads the repository's checks: their text replaces the `source_*` columns, and what is shown
 * unless an administrator edited it; checks no longer in the repository go (results stay).
 */
export async function replaceSourceChecks(
  db: Db,
  checks: { courseKey: string; module: number; title: string; questions: StoredQuestion[] }[],
) {
  for (const check of checks) {
    const questions = sql`${JSON.stringify(check.questions)}::jsonb`
    await db
      .insert(knowledgeChecks)
      .values({
        courseKey: check.courseKey,
        module: check.module,
        sourceTitle: check.title,
        sourceQuestions: check.questions,
        title: check.title,
        questions: check.questions,
      })
      .onConflictDoUpdate({
        target: [knowledgeChecks.courseKey, knowledgeChecks.module],
        set: {
          sourceTitle: check.title,
          sourceQuestions: questions,
          title: sql`case when ${knowledgeChecks.editedAt} is null then ${check.title} else ${knowledgeChecks.title} end`,
          questions: sql`case when ${knowledgeChecks.editedAt} is null then ${questions} else ${knowledgeChecks.questions} end`,
        },
      })
  }
  const kept = checks.map((c) => `${c.courseKey}/${c.module}`)
  await db
    .delete(knowledgeChecks)
    .where(
      kept.length > 0
        ? notInArray(sql`${knowledgeChecks.courseKey} || '/' || ${knowledgeChecks.module}`, kept)
        : undefined,
    )
}

export async function findCheck(db: Db, courseKey: string, module: number) {
  const [row] = await db
    .select()
    .from(knowledgeChecks)
    .where(and(eq(knowledgeChecks.courseKey, courseKey), eq(knowledgeChecks.module, module)))
  return row
}

/** Every check, whole. */
export const listCheckRows = (db: Db) => db.select().from(knowledgeChecks)

/** A module's check as the course list shows it: what the member did in it. */
export interface CheckSummary {
  title: string
  questions: number
  best: number | null
  passed: boolean
}

/** Each module's check of each course (keyed `course/module`), with the member's best result. */
export async function checkSummaries(db: Db, memberId: string) {
  const [checks, best] = await Promise.all([
    db
      .select({
        courseKey: knowledgeChecks.courseKey,
        module: knowledgeChecks.module,
        title: knowledgeChecks.title,
        questions: sql<number>`jsonb_array_length(${knowledgeChecks.questions})::int`,
      })
      .from(knowledgeChecks)
      .orderBy(asc(knowledgeChecks.courseKey), asc(knowledgeChecks.module)),
    bestResults(db, memberId),
  ])
  return new Map(
    checks.map((c): [string, CheckSummary] => {
      const result = best.get(`${c.courseKey}/${c.module}`)
      return [
        `${c.courseKey}/${c.module}`,
        {
          title: c.title,
          questions: c.questions,
          best: result?.score ?? null,
          passed: result?.passed ?? false,
        },
      ]
    }),
  )
}

export async function editCheck(
  db: Db,
  key: { courseKey: string; module: number },
  edit: { title: string; questions: StoredQuestion[] },
  editor: string,
  now: Date,
) {
  const [row] = await db
    .update(knowledgeChecks)
    .set({ title: edit.title, questions: edit.questions, editedAt: now, editedBy: editor })
    .where(
      and(eq(knowledgeChecks.courseKey, key.courseKey), eq(knowledgeChecks.module, key.module)),
    )
    .returning()
  return row
}

export async function restoreCheck(db: Db, key: { courseKey: string; module: number }) {
  const [row] = await db
    .update(knowledgeChecks)
    .set({
      title: sql`${knowledgeChecks.sourceTitle}`,
      questions: sql`${knowledgeChecks.sourceQuestions}`,
      editedAt: null,
      editedBy: null,
    })
    .where(
      and(eq(knowledgeChecks.courseKey, key.courseKey), eq(knowledgeChecks.module, key.module)),
    )
    .returning()
  return row
}

/** A member's best result in each check they took (the earliest of equal scores), and tries. */
export async function bestResults(db: Db, memberId: string, courseKey?: string, module?: number) {
  const rows = await rowsOf<{
    courseKey: string
    module: number
    score: number
    passed: boolean
    at: string | Date
    attempts: number
  }>(
    db.execute(sql`
      select distinct on (course_key, module) course_key as "courseKey", module, score, passed,
             created_at as at, count(*) over (partition by course_key, module)::int as attempts
      from check_attempts
      where member_id = ${memberId}
        ${courseKey ? sql`and course_key = ${courseKey}` : sql``}
        ${module ? sql`and module = ${module}` : sql``}
      order by course_key, module, score desc, created_at`),
  )
  return new Map(
    rows.map((r) => [`${r.courseKey}/${r.module}`, { ...r, at: new Date(r.at) }] as const),
  )
}

/** Keeps a submitted attempt and whether each of its questions was answered right. */
export async function insertAttempt(
  db: Db,
  attempt: {
    memberId: string
    courseKey: string
    module: number
    score: number
    passed: boolean
    at: Date
    answers: { questionId: string; right: boolean }[]
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkAttempts)
      .values({
        memberId: attempt.memberId,
        courseKey: attempt.courseKey,
        module: attempt.module,
        score: attempt.score,
        passed: attempt.passed,
        createdAt: attempt.at,
      })
      .returning()
    if (attempt.answers.length > 0) {
      await tx.insert(checkAnswers).values(
        attempt.answers.map((a) => ({
          attemptId: row!.id,
          courseKey: attempt.courseKey,
          module: attempt.module,
          questionId: a.questionId,
          right: a.right,
        })),
      )
    }
    return row!
  })
}

/** How often each question was answered, and how often right, over every attempt. */
export const answerCounts = (db: Db) =>
  db
    .select({
      courseKey: checkAnswers.courseKey,
      module: checkAnswers.module,
      questionId: checkAnswers.questionId,
      answered: count(),
      right: sql<number>`count(*) filter (where ${checkAnswers.right})::int`,
    })
    .from(checkAnswers)
    .groupBy(checkAnswers.courseKey, checkAnswers.module, checkAnswers.questionId)
