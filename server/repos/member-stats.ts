import { count, gte, sql } from 'drizzle-orm'

import { STATS_WEEKS, type MemberStats } from '@schemas/members'

import type { Db } from '../db/client'
import { auditLog, members } from '../db/schema'

const DAY = 86_400_000

/** Monday 00:00 UTC of the week `time` falls in. */
export function weekStart(time: number) {
  const day = new Date(time)
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())
  return midnight - ((day.getUTCDay() + 6) % 7) * DAY
}

/** The membership at a glance, as of `now`: three queries, each one pass over an index or table. */
export async function memberStats(db: Db, now: number): Promise<MemberStats> {
  const at = (time: number) => new Date(time)
  const firstWeek = weekStart(now) - (STATS_WEEKS - 1) * 7 * DAY
  const weekOf = sql<string>`to_char(date_trunc('week', ${members.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`
  const [[totals], weekly, [changes]] = await Promise.all([
    db
      .select({
        total: count(),
        admins: count(sql`case when ${members.role} = 'admin' then 1 end`),
        last30: count(sql`case when ${members.createdAt} > ${at(now - 30 * DAY)} then 1 end`),
        previous30: count(
          sql`case when ${members.createdAt} > ${at(now - 60 * DAY)} and ${members.createdAt} <= ${at(now - 30 * DAY)} then 1 end`,
        ),
      })
      .from(members),
    db
      .select({ start: weekOf, count: count() })
      .from(members)
      .where(gte(members.createdAt, at(firstWeek)))
      .groupBy(weekOf),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(gte(auditLog.createdAt, at(now - 7 * DAY))),
  ])
  const byWeek = new Map(weekly.map((row) => [row.start, row.count]))
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) => {
    const start = new Date(firstWeek + i * 7 * DAY).toISOString().slice(0, 10)
    return { start, count: byWeek.get(start) ?? 0 }
  })
  return {
    total: totals?.total ?? 0,
    admins: totals?.admins ?? 0,
    joinedLast30Days: totals?.last30 ?? 0,
    joinedPrevious30Days: totals?.previous30 ?? 0,
    weeks,
    adminChangesLast7Days: changes?.n ?? 0,
  }
}
