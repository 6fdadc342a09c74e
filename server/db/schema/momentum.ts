/**
 * Points, levels, the leaderboard and streaks. `point_events` keeps what happened (a lesson
 * completed, a check passed, a like received or taken back, a quarter hour of learning), written
 * by triggers on the tables where it happens; the totals below are kept from it by a trigger and
 * can be recomputed from it (`points_rebuild()`, migration 0026).
 * The reminder e-mails members chose, and those sent (migration 0027).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

import { members, owner } from './members'

export const pointEvents = pgTable(
  'point_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: owner(),
    kind: text('kind', { enum: ['lesson', 'check', 'like', 'study'] }).notNull(),
    /** What it was about: a lesson's path, a check, a like's target and giver, a quarter hour. */
    ref: text('ref').notNull(),
    points: integer('points').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('point_events_member_idx').on(t.memberId, t.kind, t.at),
    // A check passes once; a quarter hour of learning is one event however much was done in it.
    uniqueIndex('point_events_once_idx')
      .on(t.memberId, t.kind, t.ref)
      .where(sql`${t.kind} in ('check', 'study')`),
  ],
)

/** Each member's points: all time, and in the last 7 and 30 days as of `points_windows.day`. */
export const memberPoints = pgTable(
  'member_points',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    week: integer('week').notNull().default(0),
    month: integer('month').notNull().default(0),
    /** Whether the member chose to appear on the leaderboard. */
    listed: boolean('listed').notNull().default(false),
  },
  (t) => [
    index('member_points_total_idx')
      .on(t.total, t.memberId)
      .where(sql`${t.listed}`),
    index('member_points_week_idx')
      .on(t.week, t.memberId)
      .where(sql`${t.listed}`),
    index('member_points_month_idx')
      .on(t.month, t.memberId)
      .where(sql`${t.listed}`),
  ],
)

/** Each member's points of each UTC day, from which the 7- and 30-day figures are recomputed. */
export const memberPointsDaily = pgTable(
  'member_points_daily',
  {
    memberId: owner(),
    day: date('day').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    index('member_points_daily_day_idx').on(t.day),
  ],
)

/** The UTC day the 7- and 30-day figures in `member_points` count back from. One row. */
export const pointsWindows = pgTable(
  'points_windows',
  {
    one: boolean('one').primaryKey().default(true),
    day: date('day').notNull(),
  },
  (t) => [check('points_windows_one', sql`${t.one}`)],
)

/** An area (a key of the contract's catalogue) every member gets on reaching a level. */
export const areaUnlocks = pgTable(
  'area_unlocks',
  {
    area: text('area').primaryKey(),
    level: integer('level').notNull(),
    setBy: uuid('set_by').references(() => members.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('area_unlocks_level', sql`${t.level} between 2 and 9`)],
)

/** The reminder e-mails a member chose; no row until they chose, and nothing is sent before. */
export const memberReminders = pgTable('member_reminders', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  continueMail: boolean('continue_mail').notNull(),
  eventMail: boolean('event_mail').notNull(),
  weeklyMail: boolean('weekly_mail').notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
})

/**
 * Each reminder sent: written before the mail goes out, so no restart and no other instance
 * sends it again. `key` names what it was for: a day, an event at its time, a week.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    memberId: owner(),
    kind: text('kind', { enum: ['continue', 'events', 'weekly'] }).notNull(),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.key] })],
)
