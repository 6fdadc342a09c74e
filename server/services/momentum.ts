import { AREA_KEYS, type AreaKey } from '@schemas/access'
import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardPeriod } from '@schemas/leaderboard'
import { levelOf, nextLevel, type Momentum } from '@schemas/momentum'

import type { Db } from '../db/client'
import { badRequest, notFound } from '../errors'
import { photoUrl } from '../repos/members'
import {
  knowsTimeZone,
  leaders,
  placeOf,
  pointsOf,
  refreshWindows,
  setListed,
  setTimeZone,
  setUnlock,
  studyDays,
  unlocks,
  windowsDay,
} from '../repos/momentum'
import type { AuthedMember } from './auth'

export interface MomentumDeps {
  db: Db
  now: () => number
}

const DAY = 24 * 60 * 60 * 1000
/** How far back a streak is first looked for; a longer one is looked for further back. */
const STREAK_LOOK_BACK_DAYS = 120

/** `YYYY-MM-DD` of the UTC day of an instant. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** The day before a `YYYY-MM-DD` day. */
const dayBefore = (day: string) => utcDay(Date.parse(`${day}T00:00:00Z`) - DAY)

/**
 * The days in a row with learning that end today or yesterday; `days` are distinct, newest
 * first, as the member's calendar names them. A day's length does not matter: only its name.
 */
export function streakOf(today: string, days: readonly string[]) {
  const active = days[0] === today
  let expected = active ? today : dayBefore(today)
  let count = 0
  for (const day of days) {
    if (day > expected) continue
    if (day !== expected) break
    count++
    expected = dayBefore(expected)
  }
  return { days: count, today: active }
}

/**
 * Points, levels, the leaderboard and streaks. The points are kept by the database from the
 * events its triggers write (migration 0026); this reads them, keeps the 7- and 30-day figures
 * counted from the right day, and counts streaks in the member's own time zone.
 */
export class MomentumService {
  /** The UTC day the windows were last seen counted from, so a read of the same day skips it. */
  private windowsCountedFor: string | null = null

  constructor(private readonly deps: MomentumDeps) {}

  async momentum(memberId: string): Promise<Momentum> {
    const row = await pointsOf(this.deps.db, memberId)
    if (!row) throw notFound('Member not found')
    return {
      points: row.points,
      level: levelOf(row.points),
      next: nextLevel(row.points),
      streak: await this.streak(memberId, row.timeZone ?? 'UTC'),
      timeZone: row.timeZone,
      listed: row.listed,
      remindersChosen: row.remindersChosen,
    }
  }

  private async streak(memberId: string, timeZone: string) {
    const now = this.deps.now()
    for (let back = STREAK_LOOK_BACK_DAYS; ; back *= 4) {
      const { today, days } = await studyDays(
        this.deps.db,
        memberId,
        timeZone,
        new Date(now - back * DAY),
        new Date(now),
      )
      const streak = streakOf(today, days)
      // A streak as long as the look back may go on before it.
      if (streak.days < back - 1 || back > 20 * 365) return streak
    }
  }

  async settings(
    memberId: string,
    body: { timeZone?: string; browserTimeZone?: string; listed?: boolean },
  ) {
    const zone = body.timeZone ?? body.browserTimeZone
    if (zone !== undefined) {
      if (!(await knowsTimeZone(this.deps.db, zone))) throw badRequest('timeZone: not a time zone')
      await setTimeZone(this.deps.db, memberId, zone, body.timeZone === undefined)
    }
    if (body.listed !== undefined) await setListed(this.deps.db, memberId, body.listed)
    return this.momentum(memberId)
  }

  /** Counts the 7- and 30-day figures back from today (UTC), once a day. */
  private async countWindows() {
    const today = utcDay(this.deps.now())
    if (this.windowsCountedFor === today) return
    if ((await windowsDay(this.deps.db)) !== today) await refreshWindows(this.deps.db, today)
    this.windowsCountedFor = today
  }

  async leaderboard(memberId: string, period: LeaderboardPeriod): Promise<Leaderboard> {
    if (period !== 'all') await this.countWindows()
    const [rows, place] = await Promise.all([
      leaders(this.deps.db, period, LEADERBOARD_SIZE),
      placeOf(this.deps.db, period, memberId),
    ])
    return {
      period,
      rows: rows.map((r, i) => ({
        rank: i + 1,
        memberId: r.memberId,
        name: `${r.firstName} ${r.lastName}`.trim() || `@${r.handle}`,
        photoUrl: photoUrl(r.photoId),
        level: levelOf(r.total),
        points: r.points,
      })),
      you: {
        rank: place.listed ? place.ahead + 1 : null,
        points: place.points,
        listed: place.listed,
      },
    }
  }

  async unlocks() {
    return (await unlocks(this.deps.db)).filter((u): u is { area: AreaKey; level: number } =>
      (AREA_KEYS as string[]).includes(u.area),
    )
  }

  async setUnlock(caller: AuthedMember, area: AreaKey, level: number | null) {
    await setUnlock(this.deps.db, area, level, caller, new Date(this.deps.now()))
    return this.unlocks()
  }
}
