/** The courses and lessons as loaded from content/, and each member's progress. */
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

import { tsvector } from './columns'
import { members, owner } from './members'

/** The courses of `content/courses.yaml`, as last loaded. */
export const courses = pgTable('courses', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  area: text('area').notNull(),
  overview: text('overview').notNull(),
  position: integer('position').notNull(),
  modules: jsonb('modules').$type<{ number: number; title: string }[]>().notNull().default([]),
})

/**
 * One screen of content (lesson, page or offer), keyed by its screen path. `source_*` hold the
 * repository's text; `edited_*` an administrator's changes, which a reload of the files never
 * touches; `title`, `markdown`, `video`, `html`, `plain` and `headings` are what is shown.
 */
export const lessons = pgTable(
  'lessons',
  {
    path: text('path').primaryKey(),
    kind: text('kind', { enum: ['lesson', 'page', 'offer'] }).notNull(),
    courseKey: text('course_key').references(() => courses.key, { onDelete: 'cascade' }),
    module: integer('module'),
    position: integer('position').notNull().default(0),
    area: text('area'),
    unlocks: text('unlocks'),
    dripDays: integer('drip_days'),
    summary: text('summary').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceMarkdown: text('source_markdown').notNull(),
    sourceVideo: text('source_video').notNull().default(''),
    editedTitle: text('edited_title'),
    editedMarkdown: text('edited_markdown'),
    editedVideo: text('edited_video'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedBy: uuid('edited_by').references(() => members.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    video: text('video').notNull().default(''),
    html: text('html').notNull(),
    plain: text('plain').notNull(),
    headings: jsonb('headings').$type<{ id: string; text: string }[]>().notNull().default([]),
    /** Title and summary: what a locked lesson may be found by. */
    searchHead: tsvector('search_head').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')`,
    ),
    searchAll: tsvector('search_all').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', plain), 'C')`,
    ),
  },
  (t) => [
    index('lessons_course_idx').on(t.courseKey, t.module, t.position),
    index('lessons_search_head_idx').using('gin', t.searchHead),
    index('lessons_search_all_idx').using('gin', t.searchAll),
  ],
)

/**
 * A lesson's text cut at its headings, as shown (edits included): search quotes the part that
 * matches best without reading the whole lesson, and opens the lesson at its heading.
 */
export const lessonSections = pgTable(
  'lesson_sections',
  {
    path: text('path')
      .notNull()
      .references(() => lessons.path, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull(),
    /** The heading's id in the page; none for the text above the first heading. */
    anchor: text('anchor'),
    plain: text('plain').notNull(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english', plain)`),
  },
  (t) => [primaryKey({ columns: [t.path, t.position] })],
)

/** How far each member got in each lesson. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    memberId: owner(),
    path: text('path')
      .notNull()
      .references(() => lessons.path, { onDelete: 'cascade', onUpdate: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** 0–1: how far down the text. */
    position: real('position').notNull().default(0),
    videoSeconds: real('video_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.path] }),
    index('lesson_progress_recent_idx').on(t.memberId, t.updatedAt),
  ],
)

/** An option of a knowledge check's question, as stored. */
export interface StoredOption {
  text: string
  correct: boolean
  explanation: string
}

/** A knowledge check's question, as stored (`lesson` is the screen path of what it asks about). */
export interface StoredQuestion {
  id: string
  lesson: string
  kind: 'single' | 'multiple'
  prompt: string
  options: StoredOption[]
}

/**
 * A module's knowledge check, as loaded from `content/<course>/module<n>/check.yaml`:
 * `source_*` the repository's, `edited_at` set when an administrator's edit is shown instead.
 */
export const knowledgeChecks = pgTable(
  'knowledge_checks',
  {
    courseKey: text('course_key')
      .notNull()
      .references(() => courses.key, { onDelete: 'cascade' }),
    module: integer('module').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceQuestions: jsonb('source_questions').$type<StoredQuestion[]>().notNull(),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<StoredQuestion[]>().notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedBy: uuid('edited_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.courseKey, t.module] })],
)

/** A member's submitted knowledge check: its score in percent, and whether it passed. */
export const checkAttempts = pgTable(
  'check_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    courseKey: text('course_key').notNull(),
    module: integer('module').notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('check_attempts_member_idx').on(t.memberId, t.courseKey, t.module, t.score)],
)

/** Each question of an attempt, right or not: what the insights count per question. */
export const checkAnswers = pgTable(
  'check_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => checkAttempts.id, { onDelete: 'cascade' }),
    courseKey: text('course_key').notNull(),
    module: integer('module').notNull(),
    questionId: text('question_id').notNull(),
    right: boolean('right').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('check_answers_question_idx').on(t.courseKey, t.module, t.questionId),
  ],
)
