import { z } from 'zod/mini'

import { areaKeySchema } from './access'
import { endpoint, envelope } from './contract'
import { MAX_LEVEL } from './momentum'

export const LEADERBOARD_PERIODS = ['7d', '30d', 'all'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]
export const periodLabel: Record<LeaderboardPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
}
export const LEADERBOARD_SIZE = 20

export const leaderRowSchema = z.object({
  rank: z.number(),
  memberId: z.string(),
  name: z.string(),
  photoUrl: z.nullable(z.string()),
  level: z.number(),
  /** Points in the period. */
  points: z.number(),
})
export type LeaderRow = z.infer<typeof leaderRowSchema>

export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  rows: z.array(leaderRowSchema),
  /** The caller's place: a rank only while they are listed. */
  you: z.object({ rank: z.nullable(z.number()), points: z.number(), listed: z.boolean() }),
})
export type Leaderboard = z.infer<typeof leaderboardSchema>

export const areaUnlockSchema = z.object({ area: areaKeySchema, level: z.number() })
export type AreaUnlock = z.infer<typeof areaUnlockSchema>

/** The leaderboard and the areas a level opens, apart from the dashboard's own points. */
export const leaderboard = {
  leaderboard: endpoint({
    method: 'GET',
    path: '/leaderboard',
    access: 'member',
    title: 'The leaderboard',
    summary: `The ${LEADERBOARD_SIZE} members with the most points in a period, of those who chose to appear, and the caller’s place`,
    query: z.strictObject({ period: z.optional(z.enum(LEADERBOARD_PERIODS)) }),
    response: envelope(leaderboardSchema),
  }),
  areaUnlocks: endpoint({
    method: 'GET',
    path: '/area-unlocks',
    access: 'member',
    title: 'Areas opened at a level',
    summary: 'The areas a member gets on reaching a level',
    response: envelope(z.array(areaUnlockSchema)),
  }),
  setAreaUnlock: endpoint({
    method: 'PUT',
    path: '/area-unlocks',
    access: 'admin',
    title: 'Open an area at a level',
    summary:
      'Open an area to every member who reaches a level (2 to 9), at once to those already there; no level stops it (administrators)',
    body: z.strictObject({
      area: areaKeySchema,
      level: z.nullable(z.int().check(z.gte(2), z.lte(MAX_LEVEL))),
    }),
    response: envelope(z.array(areaUnlockSchema)),
  }),
}
