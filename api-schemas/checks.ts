import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'

/** The screen of a module's knowledge check: `/admin/training/module1/check`. */
export const checkPath = (courseKey: string, module: number) =>
  `/admin/${courseKey}/module${module}/check`

/** The share of right answers a knowledge check needs, in percent. */
export const PASS_MARK = 80

export const QUESTION_KINDS = ['single', 'multiple'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

/** Options are named by their place: a, b, c, d, e. */
export const OPTION_IDS = ['a', 'b', 'c', 'd', 'e'] as const

export const MIN_QUESTIONS = 5
export const MAX_QUESTIONS = 10

const text = (what: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${what} is empty`),
      z.maxLength(max, `${what} is at most ${max} characters`),
    )

/** One answer option as written, with whether it is right and why. */
export const optionSourceSchema = z.strictObject({
  text: text('An option', 160),
  correct: z.boolean(),
  explanation: text('An explanation', 400),
})

/**
 * One question as written (the content files and an administrator's edit): a single-choice
 * question has exactly one right option, a multiple-choice one at least two, and at least one
 * wrong.
 */
export const questionSourceSchema = z
  .strictObject({
    id: z
      .string()
      .check(
        z.regex(
          /^[a-z0-9][a-z0-9-]{0,63}$/,
          'A question id is lower-case letters, digits and dashes',
        ),
      ),
    /** The lesson it asks about: its screen path. */
    lesson: z.string().check(z.regex(/^\/admin\/[a-z0-9/-]+$/, 'Not a lesson path')),
    kind: z.enum(QUESTION_KINDS),
    prompt: text('A question', 300),
    options: z
      .array(optionSourceSchema)
      .check(
        z.minLength(3, 'A question has 3 to 5 options'),
        z.maxLength(5, 'A question has 3 to 5 options'),
      ),
  })
  .check(
    z.refine(
      (q) => {
        const right = q.options.filter((o) => o.correct).length
        return q.kind === 'single' ? right === 1 : right >= 2 && right < q.options.length
      },
      {
        message:
          'A single-choice question has exactly one right option; a multiple-choice one at least two, and one wrong',
      },
    ),
    z.describe(
      'A single-choice question has exactly one right option; a multiple-choice one at least two, and at least one wrong',
    ),
  )
export type QuestionSource = z.infer<typeof questionSourceSchema>

export const checkSourceBodySchema = z
  .strictObject({
    title: text('The title', 120),
    questions: z
      .array(questionSourceSchema)
      .check(
        z.minLength(MIN_QUESTIONS, `A check has ${MIN_QUESTIONS} to ${MAX_QUESTIONS} questions`),
        z.maxLength(MAX_QUESTIONS, `A check has ${MIN_QUESTIONS} to ${MAX_QUESTIONS} questions`),
      ),
  })
  .check(
    z.refine((body) => new Set(body.questions.map((q) => q.id)).size === body.questions.length, {
      message: 'Each question needs an id of its own',
      path: ['questions'],
    }),
    z.describe('Each question has an id of its own'),
  )
export type CheckSourceBody = z.infer<typeof checkSourceBodySchema>

/** A check as an administrator edits it, and whether it differs from the repository's. */
export const checkSourceSchema = z.extend(checkSourceBodySchema, {
  /** The lessons of the module, for the question's lesson list. */
  lessons: z.array(z.object({ path: z.string(), title: z.string() })),
  edited: z.boolean(),
  editedAt: z.nullable(z.iso.datetime()),
  editedBy: z.nullable(z.string()),
})
export type CheckSource = z.infer<typeof checkSourceSchema>

/** The best result so far. */
export const checkBestSchema = z.object({
  score: z.int(),
  passed: z.boolean(),
  at: z.iso.datetime(),
})

/** A check as a member takes it: nothing says which options are right. */
export const knowledgeCheckSchema = z.object({
  course: z.object({ key: z.string(), title: z.string(), overview: z.string() }),
  module: z.object({ number: z.int(), title: z.string() }),
  title: z.string(),
  passMark: z.int(),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(QUESTION_KINDS),
      prompt: z.string(),
      lesson: z.object({ path: z.string(), title: z.string() }),
      options: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
  best: z.nullable(checkBestSchema),
  attempts: z.int(),
})
export type KnowledgeCheck = z.infer<typeof knowledgeCheckSchema>

/** A submitted attempt, marked: every option's rightness and explanation, now that it is over. */
export const checkResultSchema = z.object({
  score: z.int(),
  passed: z.boolean(),
  right: z.int(),
  total: z.int(),
  best: checkBestSchema,
  /** Whether this attempt completed the course: a certificate was issued. */
  certificate: z.boolean(),
  questions: z.array(
    z.object({
      id: z.string(),
      right: z.boolean(),
      chosen: z.array(z.string()),
      options: z.array(z.object({ id: z.string(), correct: z.boolean(), explanation: z.string() })),
    }),
  ),
})
export type CheckResult = z.infer<typeof checkResultSchema>

/** How one question fares over every attempt. */
export const questionStatSchema = z.object({
  /** The check's screen. */
  path: z.string(),
  checkTitle: z.string(),
  questionId: z.string(),
  prompt: z.string(),
  answered: z.int(),
  right: z.int(),
  /** right ÷ answered, 0–1. */
  share: z.number(),
})
export type QuestionStat = z.infer<typeof questionStatSchema>

const checkParams = z.strictObject({
  course: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'Not a course')),
  module: z.coerce.number().check(z.int('Not a module'), z.gte(1, 'Not a module'), z.lte(99)),
})

export const checks = {
  questions: endpoint({
    method: 'GET',
    path: '/checks/questions',
    access: 'admin',
    title: 'Knowledge-check questions',
    summary:
      'Every knowledge-check question with how often it was answered and the share answered right, the hardest first (administrators)',
    response: envelope(z.array(questionStatSchema)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/checks/:course/:module',
    access: 'member',
    title: 'A module’s knowledge check',
    summary:
      'The questions of a module’s knowledge check, without which options are right, and the caller’s best result; 403 without the course’s area',
    params: checkParams,
    response: envelope(knowledgeCheckSchema),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/checks/:course/:module/attempts',
    access: 'member',
    title: 'Submit a knowledge check',
    summary: `Marks the answers on the server (${PASS_MARK} % passes), keeps the best score, explains every option, and issues the course’s certificate when every lesson is complete and every check passed`,
    params: checkParams,
    body: z.strictObject({
      answers: z.record(
        z.string().check(z.maxLength(64)),
        z.array(z.enum(OPTION_IDS)).check(z.maxLength(OPTION_IDS.length)),
      ),
    }),
    response: envelope(checkResultSchema),
  }),
  source: endpoint({
    method: 'GET',
    path: '/checks/:course/:module/source',
    access: 'admin',
    title: 'A knowledge check’s questions',
    summary: 'A knowledge check’s questions with their right options and explanations, for editing',
    params: checkParams,
    response: envelope(checkSourceSchema),
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/checks/:course/:module/source',
    access: 'admin',
    summary:
      'Change a knowledge check’s title and questions; kept over the repository’s, audited. Results already given stay',
    params: checkParams,
    body: checkSourceBodySchema,
    response: envelope(checkSourceSchema),
  }),
  restore: endpoint({
    method: 'DELETE',
    path: '/checks/:course/:module/source',
    access: 'admin',
    summary: 'Drop the edits of a knowledge check: the repository’s questions show again; audited',
    params: checkParams,
    response: envelope(checkSourceSchema),
  }),
}
