import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'

/** What each thing a member does is worth. One like received is one point; one's own, none. */
export const POINTS = { lesson: 5, check: 10, like: 1 } as const

/** The points each level starts at: level 1 at 0, level 9 at 33,015. */
export const LEVEL_POINTS = [0, 5, 20, 65, 155, 515, 2015, 8015, 33015] as const
export const MAX_LEVEL = LEVEL_POINTS.length

export const levelOf = (points: number) => {
  let level = 1
  while (level < MAX_LEVEL && points >= LEVEL_POINTS[level]!) level++
  return level
}

/** The level after the member's and the points still missing to it; none at the top. */
export const nextLevel = (points: number) => {
  const level = levelOf(points)
  if (level >= MAX_LEVEL) return null
  const at = LEVEL_POINTS[level]!
  return { level: level + 1, at, missing: at - points }
}

const timeZoneSchema = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'Not a time zone'),
  )

/** The member's own points, level, streak and choices. */
export const momentumSchema = z.object({
  points: z.number(),
  level: z.number(),
  next: z.nullable(z.object({ level: z.number(), at: z.number(), missing: z.number() })),
  streak: z.object({
    /** Days in a row with learning, ending today or yesterday in the member's time zone. */
    days: z.number(),
    /** Whether today already counts. */
    today: z.boolean(),
  }),
  /** The member's time zone, where their days begin; none until the browser or they gave one. */
  timeZone: z.nullable(z.string()),
  /** Whether the member chose to appear on the leaderboard. */
  listed: z.boolean(),
  /** Whether the member made their choice of reminder e-mails (asked once until they do). */
  remindersChosen: z.boolean(),
})
export type Momentum = z.infer<typeof momentumSchema>

export const momentum = {
  momentum: endpoint({
    method: 'GET',
    path: '/momentum',
    access: 'member',
    title: 'The own points, level and streak',
    summary:
      'The caller’s points, level and what the next one needs, the streak of days with learning in their time zone, and their choices',
    response: envelope(momentumSchema),
  }),
  momentumSettings: endpoint({
    method: 'PUT',
    path: '/momentum',
    access: 'member',
    title: 'Set the time zone or the leaderboard choice',
    summary:
      'Set the caller’s time zone, appear on the leaderboard or leave it; `browserTimeZone` is taken only while none is set',
    body: z.strictObject({
      timeZone: z.optional(timeZoneSchema),
      browserTimeZone: z.optional(timeZoneSchema),
      listed: z.optional(z.boolean()),
    }),
    response: envelope(momentumSchema),
  }),
}
