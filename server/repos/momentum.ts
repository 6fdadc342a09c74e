import { and, desc, eq, gt, sql } from 'drizzle-orm'

import type { LeaderboardPeriod } from '@schemas/leaderboard'

import type { Db } from '../db/client'
import { areaUnlocks, auditLog, memberPoints, members, pointsWindows } from '../db/schema'
import { rowsOf } from './insights'

const column = { '7d': memberPoints.week, '30d': memberPoints.month, all: memberPoints.total }

/** A member's points, choice and time zone. */
export async function pointsOf(db: Db, memberId: string) {
  const [row] = await db
    .select({
      points: sql<number>`coalesce(${memberPoints.total}, 0)`.mapWith(Number),
      listed: sql<boolean>`coalesce(${memberPoints.listed}, false)`,
      timeZone: members.timeZone,
      remindersChosen: sql<boolean>`exists (select 1 from member_reminders r where r.member_id = ${members.id})`,
    })
    .from(members)
    .leftJoin(memberPoints, eq(memberPoints.memberId, members.id))
    .where(eq(members.id, memberId))
  return row
}

/**
 * The days (`YYYY-MM-DD` in `timeZone`) with learning since `since`, newest first, and the day
 * `now` is in there.
 */
export async function studyDays(
  db: Db,
  memberId: string,
  timeZone: string,
  since: Date,
  now: Date,
) {
  const [row] = await rowsOf<{ today: string; days: string[] | null }>(
    db.execute(sql`
      select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date::text as today,
             array(select distinct (at at time zone ${timeZone})::date::text as day
                   from point_events
                   where member_id = ${memberId} and kind = 'study'
                     and at >= ${since.toISOString()}::timestamptz
                   order by day desc) as days`),
  )
  return { today: row!.today, days: row!.days ?? [] }
}

/** Whether the database knows a time zone by this name. */
export async function knowsTimeZone(db: Db, timeZone: string) {
  const rows = await rowsOf<{ ok: boolean }>(
    db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as ok`),
  )
  return rows[0]!.ok
}

export const setTimeZone = (db: Db, memberId: string, timeZone: string, onlyIfUnset: boolean) =>
  db
    .update(members)
    .set({ timeZone })
    .where(
      and(eq(members.id, memberId), onlyIfUnset ? sql`${members.timeZone} is null` : undefined),
    )

export const setListed = (db: Db, memberId: string, listed: boolean) =>
  db
    .insert(memberPoints)
    .values({ memberId, listed })
    .onConflictDoUpdate({ target: memberPoints.memberId, set: { listed } })

/** The UTC day the 7- and 30-day figures count back from. */
export const windowsDay = async (db: Db) =>
  (await db.select({ day: pointsWindows.day }).from(pointsWindows))[0]?.day ?? null

/** Counts the 7- and 30-day figures back from `today`, unless they already are. */
export const refreshWindows = (db: Db, today: string) =>
  db.execute(sql`select points_windows_refresh(${today}::date)`)

/** Every figure recounted from the events. */
export const rebuildPoints = (db: Db, today: string) =>
  db.execute(sql`select points_rebuild(${today}::date)`)

/** The listed members with the most points in a period (none without points in it). */
export function leaders(db: Db, period: LeaderboardPeriod, limit: number) {
  const points = column[period]
  return db
    .select({
      memberId: memberPoints.memberId,
      points,
      total: memberPoints.total,
      firstName: members.firstName,
      lastName: members.lastName,
      handle: members.handle,
      photoId: members.photoId,
    })
    .from(memberPoints)
    .innerJoin(members, eq(members.id, memberPoints.memberId))
    .where(and(memberPoints.listed, gt(points, 0)))
    .orderBy(desc(points), desc(memberPoints.memberId))
    .limit(limit)
}

/** A member's points in a period and, while listed, how many listed members are ahead. */
export async function placeOf(db: Db, period: LeaderboardPeriod, memberId: string) {
  const name = sql.identifier(column[period].name)
  const [row] = await rowsOf<{ points: number; listed: boolean; ahead: number }>(
    db.execute(sql`
      select me.${name} as points, me.listed,
             (select count(*) from member_points o
              where me.listed and o.listed
                and (o.${name}, o.member_id) > (me.${name}, me.member_id)
             )::int as ahead
      from member_points me where me.member_id = ${memberId}`),
  )
  return row ?? { points: 0, listed: false, ahead: 0 }
}

export const unlocks = (db: Db) =>
  db
    .select({ area: areaUnlocks.area, level: areaUnlocks.level })
    .from(areaUnlocks)
    .orderBy(areaUnlocks.level, areaUnlocks.area)

/**
 * Opens an area at a level (or stops it, with none) and gives it at once to the members already
 * there, each grant audited as an administrator's is. One transaction.
 */
export async function setUnlock(
  db: Db,
  area: string,
  level: number | null,
  admin: { id: string; email: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    if (level === null) {
      await tx.delete(areaUnlocks).where(eq(areaUnlocks.area, area))
      return []
    }
    await tx
      .insert(areaUnlocks)
      .values({ area, level, setBy: admin.id, setAt: now })
      .onConflictDoUpdate({
        target: areaUnlocks.area,
        set: { level, setBy: admin.id, setAt: now },
      })
    const granted = await rowsOf<{ email: string; level: number }>(
      tx.execute(sql`
        update members m set areas = m.areas || array[${area}]::text[]
        from member_points p
        where p.member_id = m.id and points_level(p.total) >= ${level}
          and not (${area} = any (m.areas))
        returning m.email, points_level(p.total) as level`),
    )
    if (granted.length > 0) {
      await tx.insert(auditLog).values(
        granted.map((g) => ({
          actorId: admin.id,
          actorEmail: admin.email,
          action: 'member.access',
          targetEmail: g.email,
          detail: `granted ${area} at level ${g.level}`,
          createdAt: now,
        })),
      )
    }
    return granted
  })
}
