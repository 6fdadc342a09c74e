/**
 * Members who need a nudge, read from the progress summaries (migration 0017): one row per
 * member and kind, longest waiting first. Administrators are never listed.
 */
import { sql, type SQL } from 'drizzle-orm'

import type { Db } from '../db/client'
import { admins, ms, rowsOf } from './insights'

interface NudgeBase {
  memberId: string
  email: string
  firstName: string
  lastName: string
  username: string
  /** Milliseconds since the epoch. */
  since: number
  /** How many members the whole list holds (of the page queries that count in the same pass). */
  total?: number
}

export interface IdleRow extends NudgeBase {
  path: string
  lessonTitle: string | null
  courseKey: string | null
  courseTitle: string | null
  lessonsCompleted: number | null
  lessonsTotal: number | null
}

export interface StoppedRow extends NudgeBase {
  courseKey: string
  courseTitle: string
  modules: { number: number; title: string }[]
  module: number
  lessonsCompleted: number
  lessonsTotal: number
}

export interface UnopenedRow extends NudgeBase {
  area: string
  /** All the areas the member has and never opened, this one included. */
  areas: number
}

export interface Window {
  limit: number
  offset: number
  /** One member only (for a draft or a send). */
  memberId?: string
}

const member = sql`
  m.id as "memberId", m.email, m.first_name as "firstName", m.last_name as "lastName",
  m.username`

const onlyMember = (w: Window, column: SQL) =>
  w.memberId ? sql`and ${column} = ${w.memberId}` : sql``

/** The rows of one page and how many the whole list holds. */
async function paged<T extends NudgeBase>(query: PromiseLike<unknown>) {
  const rows = await rowsOf<T>(query)
  return { rows, total: rows[0]?.total ?? 0 }
}

/**
 * Members who opened something and have made no progress anywhere since `before`. The page is
 * found on the index by time first; only its rows are joined to what the list shows.
 */
export async function idleMembers(db: Db, before: Date, w: Window) {
  const where = sql`
    lp.last_progress_at < ${before.toISOString()} and lp.member_id not in (${admins})
    ${onlyMember(w, sql`lp.member_id`)}`
  const [page, [count]] = await Promise.all([
    rowsOf<IdleRow>(
      db.execute(sql`
        with page as (
          select lp.member_id, lp.last_progress_at, lp.path
          from member_last_progress lp
          where ${where}
          order by lp.last_progress_at, lp.member_id
          limit ${w.limit} offset ${w.offset})
        select ${member}, ${ms(sql`x.last_progress_at`)} as since, x.path,
               l.title as "lessonTitle", c.key as "courseKey", c.title as "courseTitle",
               s.lessons_completed as "lessonsCompleted",
               (select count(*)::int from lessons t
                where t.kind = 'lesson' and t.course_key = c.key) as "lessonsTotal"
        from page x
        join members m on m.id = x.member_id
        left join lessons l on l.path = x.path
        left join courses c on c.key = l.course_key
        left join member_course_progress s on s.member_id = m.id and s.course_key = c.key
        order by x.last_progress_at, x.member_id`),
    ),
    rowsOf<{ total: number }>(
      db.execute(sql`select count(*)::int as total from member_last_progress lp where ${where}`),
    ),
  ])
  return { rows: page, total: count?.total ?? 0 }
}

/**
 * Members who completed some but not all lessons of a module and have made no progress in that
 * course since `before`; of several such modules, the one in the course they worked in last
 * (its lowest number).
 */
export const stoppedMembers = (db: Db, before: Date, w: Window) =>
  paged<StoppedRow>(
    db.execute(sql`
      with mods as (
        select course_key, module, count(*)::int as n from lessons
        where kind = 'lesson' and course_key is not null and module is not null
        group by course_key, module),
      stopped as (
        select distinct on (mm.member_id) mm.member_id, mm.course_key, mm.module,
               mm.lessons_completed, mods.n, mm.course_last_progress_at as since
        from member_module_progress mm
        join mods on mods.course_key = mm.course_key and mods.module = mm.module
        where mm.lessons_completed > 0 and mm.lessons_completed < mods.n
          and mm.course_last_progress_at < ${before.toISOString()}
          and mm.member_id not in (${admins}) ${onlyMember(w, sql`mm.member_id`)}
        order by mm.member_id, mm.course_last_progress_at desc, mm.module),
      page as (
        select x.*, (count(*) over ())::int as total from stopped x
        order by x.since, x.member_id
        limit ${w.limit} offset ${w.offset})
      select ${member}, ${ms(sql`x.since`)} as since, c.key as "courseKey",
             c.title as "courseTitle", c.modules, x.module,
             x.lessons_completed as "lessonsCompleted", x.n as "lessonsTotal", x.total
      from page x
      join members m on m.id = x.member_id
      join courses c on c.key = x.course_key
      order by x.since, x.member_id`),
  )

/**
 * Members who have an area with lessons in it and never opened any of them; since when the
 * audit log last shows the area granted to them, else since they joined. Of several such areas,
 * the one they have had longest.
 */
export const unopenedMembers = (db: Db, w: Window) =>
  paged<UnopenedRow>(
    db.execute(sql`
      with content_areas as (
        select distinct coalesce(l.area, c.area) as area
        from lessons l left join courses c on c.key = l.course_key
        where l.kind <> 'offer' and coalesce(l.area, c.area) is not null),
      grants as (
        select target_email as email, area, max(created_at) as at
        from audit_log,
             unnest(string_to_array(split_part(substr(detail, 9), '; ', 1), ', ')) as area
        where action = 'member.access' and detail like 'granted %'
        group by target_email, area),
      waiting as (
        select m.id, a.area, coalesce(g.at, m.created_at) as since
        from members m
        cross join lateral unnest(m.areas) as a(area)
        join content_areas ca on ca.area = a.area
        left join grants g on g.email = m.email and g.area = a.area
        where m.role <> 'admin' ${onlyMember(w, sql`m.id`)}
          and not exists (
            select 1 from member_area_progress p where p.member_id = m.id and p.area = a.area)),
      first as (
        select distinct on (id) id, area, since, (count(*) over (partition by id))::int as areas
        from waiting
        order by id, since, area),
      page as (
        select x.*, (count(*) over ())::int as total from first x
        order by x.since, x.id
        limit ${w.limit} offset ${w.offset})
      select ${member}, ${ms(sql`x.since`)} as since, x.area, x.areas, x.total
      from page x
      join members m on m.id = x.id
      order by x.since, x.id`),
  )

/** When an administrator last wrote to each of these addresses from the nudge lists. */
export const lastWritten = async (db: Db, emails: string[]) => {
  if (emails.length === 0) return new Map<string, number>()
  const rows = await rowsOf<{ email: string; at: number }>(
    db.execute(sql`
      select target_email as email, ${ms(sql`max(created_at)`)} as at from audit_log
      where action = 'member.nudge'
        and target_email in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})
      group by target_email`),
  )
  return new Map(rows.map((r) => [r.email, r.at]))
}

/** The first lesson of a module the member has not completed, in course order. */
export const nextInModule = async (db: Db, memberId: string, courseKey: string, module: number) =>
  (
    await rowsOf<{ path: string; title: string }>(
      db.execute(sql`
        select l.path, l.title from lessons l
        left join lesson_progress p on p.path = l.path and p.member_id = ${memberId}
        where l.kind = 'lesson' and l.course_key = ${courseKey} and l.module = ${module}
          and p.completed_at is null
        order by l.position, l.path
        limit 1`),
    )
  )[0]

/** Where an area starts: its first course's overview, else its first screen. */
export const areaStart = async (db: Db, area: string) =>
  (
    await rowsOf<{ path: string; title: string }>(
      db.execute(sql`
        (select overview as path, title from courses where area = ${area}
         order by position limit 1)
        union all
        (select path, title from lessons
         where area = ${area} and kind <> 'offer' order by path limit 1)
        limit 1`),
    )
  )[0]
