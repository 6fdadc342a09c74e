/**
 * The administrators' insights: course funnels, learning next to earnings, one member's
 * timeline. Every figure over the whole membership reads the summaries the triggers of
 * migration 0017 keep (`member_course_progress`, `lesson_reach`, `member_first_sale` …); only one
 * member's own rows are read raw.
 */
import { sql, type SQL } from 'drizzle-orm'

import { FIRST_SALE_WINDOWS } from '@schemas/insights'

import type { Db } from '../db/client'

/** Rows of `db.execute`, the same on both drivers. */
export const rowsOf = async <T>(query: PromiseLike<unknown>) =>
  ((await query) as { rows: T[] }).rows

/** A timestamp as milliseconds since the epoch (a plain number on both drivers). */
export const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`

/** The lessons each course counts (kind 'lesson'), per course. */
const courseTotals = sql`
  select course_key, count(*)::int as total
  from lessons
  where kind = 'lesson' and course_key is not null
  group by course_key`

export interface FunnelLessonRow {
  path: string
  title: string
  courseKey: string
  module: number | null
  position: number
  readingMinutes: number
  reached: number
  completed: number
  positionSum: number
}

export interface CourseGroupRow {
  courseKey: string
  furthestPath: string | null
  started: number
  completed: number
  stopped: number
}

/** The administrators, whom no figure counts (a handful: their ids are hashed once). */
export const admins = sql`select id from members where role = 'admin'`

/**
 * Everything the course funnels need: the courses, each lesson with its reach (administrators'
 * own rows taken away), the members who started and completed each course with the median days
 * between, and where members who stopped stopped (by the furthest lesson they completed).
 */
export async function courseFunnelFigures(db: Db, idleBefore: Date) {
  const [courses, lessons, adminReach, groups, medians, [base]] = await Promise.all([
    rowsOf<{
      key: string
      title: string
      area: string
      overview: string
      modules: { number: number; title: string }[]
    }>(db.execute(sql`select key, title, area, overview, modules from courses order by position`)),
    rowsOf<FunnelLessonRow>(
      db.execute(sql`
        select l.path, l.title, l.course_key as "courseKey", l.module, l.position,
               l.reading_minutes as "readingMinutes",
               coalesce(r.reached, 0) as reached, coalesce(r.completed, 0) as completed,
               coalesce(r.position_sum, 0)::float8 as "positionSum"
        from lessons l
        left join lesson_reach r on r.path = l.path
        where l.kind = 'lesson' and l.course_key is not null
        order by l.course_key, l.module nulls last, l.position, l.path`),
    ),
    rowsOf<{ path: string; reached: number; completed: number; positionSum: number }>(
      db.execute(sql`
        select p.path, count(*)::int as reached, count(p.completed_at)::int as completed,
               sum(insights_read_share(p.completed_at, p.position))::float8 as "positionSum"
        from members m
        join lesson_progress p on p.member_id = m.id
        where m.role = 'admin'
        group by p.path`),
    ),
    // One pass over the course summaries, grouped by the furthest lesson completed: how many
    // started, finished, and stopped (not finished, idle) from each.
    rowsOf<CourseGroupRow>(
      db.execute(sql`
        with totals as (${courseTotals})
        select s.course_key as "courseKey", s.furthest_path as "furthestPath",
               count(*)::int as started,
               (count(*) filter (where s.lessons_completed >= t.total))::int as completed,
               (count(*) filter (
                  where s.lessons_completed < t.total
                    and s.last_progress_at < ${idleBefore.toISOString()}))::int as stopped
        from member_course_progress s
        join totals t on t.course_key = s.course_key
        where s.member_id not in (${admins})
        group by s.course_key, s.furthest_path`),
    ),
    rowsOf<{ courseKey: string; medianDays: number }>(
      db.execute(sql`
        with totals as (${courseTotals})
        select s.course_key as "courseKey",
               (percentile_cont(0.5) within group (
                  order by extract(epoch from s.last_completed_at - s.started_at) / 86400))::float8
                 as "medianDays"
        from member_course_progress s
        join totals t on t.course_key = s.course_key
        where s.lessons_completed >= t.total and s.member_id not in (${admins})
        group by s.course_key`),
    ),
    rowsOf<{ members: number }>(
      db.execute(sql`select count(*)::int as members from members where role <> 'admin'`),
    ),
  ])
  return { courses, lessons, adminReach, groups, medians, members: base?.members ?? 0 }
}

export interface SaleGroupRow {
  /** 'overall', 'none', 'some', 'all', or `m<module>:done` / `m<module>:open`. */
  groupKey: string
  members: number
  medianDays: number | null
  within30: number
  within60: number
  within90: number
}

/**
 * Members (not administrators) with a network account, grouped by how much of `courseKey` they
 * completed and by each module completed or not, with the median days from joining to their
 * first sale (over those who made one; a sale dated before joining counts as day 0) and how many
 * made it within each of FIRST_SALE_WINDOWS (30, 60, 90 days).
 */
export async function saleGroups(db: Db, courseKey: string) {
  const [d30, d60, d90] = FIRST_SALE_WINDOWS
  const [groups, [base]] = await Promise.all([
    rowsOf<SaleGroupRow>(
      db.execute(sql`
        with total as (
          select count(*)::int as n from lessons
          where kind = 'lesson' and course_key = ${courseKey}),
        mods as (
          select module, count(*)::int as n from lessons
          where kind = 'lesson' and course_key = ${courseKey} and module is not null
          group by module),
        base as (
          select m.id,
                 case when f.first_sale_at is not null then
                   greatest(extract(epoch from f.first_sale_at - m.created_at) / 86400, 0)::float8
                 end as days,
                 coalesce(s.lessons_completed, 0) as done
          from members m
          left join member_first_sale f on f.member_id = m.id
          left join member_course_progress s
            on s.member_id = m.id and s.course_key = ${courseKey}
          where m.role <> 'admin'
            and exists (select 1 from network_accounts a where a.member_id = m.id)),
        tagged as (
          select 'overall' as g, days from base
          union all
          select case when done = 0 then 'none' when done >= (select n from total) then 'all'
                      else 'some' end, days
          from base
          union all
          select 'm' || mods.module
                 || case when coalesce(mm.lessons_completed, 0) >= mods.n then ':done'
                         else ':open' end,
                 base.days
          from base
          cross join mods
          left join member_module_progress mm
            on mm.member_id = base.id and mm.course_key = ${courseKey}
           and mm.module = mods.module)
        select g as "groupKey", count(*)::int as members,
               (percentile_cont(0.5) within group (order by days))::float8 as "medianDays",
               (count(*) filter (where days <= ${d30}))::int as within30,
               (count(*) filter (where days <= ${d60}))::int as within60,
               (count(*) filter (where days <= ${d90}))::int as within90
        from tagged
        group by g`),
    ),
    rowsOf<{ members: number }>(
      db.execute(sql`
        select count(*)::int as members from members m
        where m.role <> 'admin'
          and exists (select 1 from network_accounts a where a.member_id = m.id)`),
    ),
  ])
  return { groups, membersWithEarnings: base?.members ?? 0 }
}

export const findCourseRow = async (db: Db, courseKey: string) =>
  (
    await rowsOf<{ key: string; title: string; modules: { number: number; title: string }[] }>(
      db.execute(sql`select key, title, modules from courses where key = ${courseKey}`),
    )
  )[0]

/** The modules of a course that have lessons, in order. */
export const courseModules = (db: Db, courseKey: string) =>
  rowsOf<{ module: number }>(
    db.execute(sql`
      select distinct module from lessons
      where kind = 'lesson' and course_key = ${courseKey} and module is not null
      order by module`),
  )

export interface TimelineMember {
  id: string
  email: string
  firstName: string
  lastName: string
  username: string
  role: string
  areas: string[]
  createdAt: number
}

/** What one member's timeline is made of: their own rows, each read by its member index. */
export async function timelineRows(db: Db, memberId: string) {
  const [member] = await rowsOf<TimelineMember>(
    db.execute(sql`
      select id, email, first_name as "firstName", last_name as "lastName", username, role,
             areas, ${ms(sql`created_at`)} as "createdAt"
      from members where id = ${memberId}`),
  )
  if (!member) return undefined
  const [audit, lessons, certificates, [firstSale], [counts], [lastSeen]] = await Promise.all([
    rowsOf<{ at: number; action: 'member.access' | 'member.nudge'; detail: string }>(
      db.execute(sql`
        select ${ms(sql`created_at`)} as at, action, detail from audit_log
        where target_email = ${member.email} and action in ('member.access', 'member.nudge')
        order by created_at desc`),
    ),
    rowsOf<{ at: number; title: string; courseTitle: string | null }>(
      db.execute(sql`
        select ${ms(sql`p.completed_at`)} as at, l.title, c.title as "courseTitle"
        from lesson_progress p
        join lessons l on l.path = p.path
        left join courses c on c.key = l.course_key
        where p.member_id = ${memberId} and p.completed_at is not null
        order by p.completed_at desc`),
    ),
    rowsOf<{ at: number; courseTitle: string; id: string; revoked: boolean }>(
      db.execute(sql`
        select ${ms(sql`issued_at`)} as at, course_title as "courseTitle", id,
               revoked_at is not null as revoked
        from certificates where member_id = ${memberId}
        order by issued_at desc`),
    ),
    rowsOf<{ at: number }>(
      db.execute(sql`
        select ${ms(sql`first_sale_at`)} as at from member_first_sale
        where member_id = ${memberId}`),
    ),
    rowsOf<{ notes: number; generations: number; questions: number }>(
      db.execute(sql`
        select (select count(*)::int from notes where member_id = ${memberId}) as notes,
               (select count(*)::int from ai_generations where member_id = ${memberId})
                 as generations,
               (select count(*)::int from chat_messages
                where member_id = ${memberId} and role = 'member') as questions`),
    ),
    // The product keeps no sign-in log: the latest thing the member did stands for it.
    rowsOf<{ at: number | null }>(
      db.execute(sql`
        select ${ms(sql`greatest(
          (select last_progress_at from member_last_progress where member_id = ${memberId}),
          (select max(updated_at) from notes where member_id = ${memberId}),
          (select max(created_at) from ai_generations where member_id = ${memberId}),
          (select max(created_at) from chat_messages where member_id = ${memberId}),
          (select max(used_at) from auth_tokens where member_id = ${memberId}))`)} as at`),
    ),
  ])
  return {
    member,
    access: audit.filter((row) => row.action === 'member.access'),
    nudges: audit.filter((row) => row.action === 'member.nudge'),
    lessons,
    certificates,
    firstSaleAt: firstSale?.at ?? null,
    counts: counts ?? { notes: 0, generations: 0, questions: 0 },
    lastSeenAt: lastSeen?.at ?? null,
  }
}
