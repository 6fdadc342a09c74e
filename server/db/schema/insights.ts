/**
 * Summaries the administrators' insights read, kept current by triggers on `lesson_progress`,
 * `lessons`, `transactions` and `network_accounts` (migration 0017), never written by the app.
 */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

import { owner } from './members'

/** Each member's progress in each course, over the course's lessons of kind 'lesson'. */
export const memberCourseProgress = pgTable(
  'member_course_progress',
  {
    memberId: owner(),
    courseKey: text('course_key').notNull(),
    /** When the member first opened a lesson of the course. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastProgressAt: timestamp('last_progress_at', { withTimezone: true }).notNull(),
    lessonsOpened: integer('lessons_opened').notNull(),
    lessonsCompleted: integer('lessons_completed').notNull(),
    /** When the latest completion of a lesson of the course happened. */
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }),
    /** The completed lesson that comes last in the course's order. */
    furthestPath: text('furthest_path'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.courseKey] }),
    index('member_course_progress_course_idx').on(t.courseKey, t.lastProgressAt),
  ],
)

/** Each member's progress in each numbered module of a course. */
export const memberModuleProgress = pgTable(
  'member_module_progress',
  {
    memberId: owner(),
    courseKey: text('course_key').notNull(),
    module: integer('module').notNull(),
    lessonsOpened: integer('lessons_opened').notNull(),
    lessonsCompleted: integer('lessons_completed').notNull(),
    lastProgressAt: timestamp('last_progress_at', { withTimezone: true }).notNull(),
    /** The member's latest progress anywhere in the course, for "stopped inside a module". */
    courseLastProgressAt: timestamp('course_last_progress_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.courseKey, t.module] }),
    index('member_module_progress_course_idx').on(t.courseKey, t.module),
  ],
)

/** The page areas in which a member opened anything (a lesson's own area, else its course's). */
export const memberAreaProgress = pgTable(
  'member_area_progress',
  {
    memberId: owner(),
    area: text('area').notNull(),
    lastProgressAt: timestamp('last_progress_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.area] })],
)

/** A member's latest progress anywhere, and on which screen. */
export const memberLastProgress = pgTable(
  'member_last_progress',
  {
    memberId: owner().primaryKey(),
    lastProgressAt: timestamp('last_progress_at', { withTimezone: true }).notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('member_last_progress_at_idx').on(t.lastProgressAt)],
)

/**
 * How many members opened and completed each screen, and the sum of how far they read (a
 * completed one counts as 1), for the course funnels. Administrators are counted too: the
 * insights take their own few rows away when they read it.
 */
export const lessonReach = pgTable('lesson_reach', {
  path: text('path').primaryKey(),
  reached: integer('reached').notNull(),
  completed: integer('completed').notNull(),
  positionSum: doublePrecision('position_sum').notNull(),
})

/** The earliest sale (never a refund or chargeback) on any of a member's network accounts. */
export const memberFirstSale = pgTable('member_first_sale', {
  memberId: owner().primaryKey(),
  firstSaleAt: timestamp('first_sale_at', { withTimezone: true }).notNull(),
})
