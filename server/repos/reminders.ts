import { eq, sql } from 'drizzle-orm'

import type { ReminderKind } from '@schemas/reminders'

import type { Db } from '../db/client'
import { memberReminders } from '../db/schema'
import { rowsOf } from './insights'

const DAY = 24 * 60 * 60 * 1000
/** A member who stopped this long ago hears "continue" no more: four reminders at most. */
const CONTINUE_GIVE_UP_DAYS = 31

export const reminderChoice = async (db: Db, memberId: string) =>
  (await db.select().from(memberReminders).where(eq(memberReminders.memberId, memberId)))[0]

export const saveReminderChoice = (
  db: Db,
  memberId: string,
  choice: { continue: boolean; events: boolean; weekly: boolean },
  at: Date,
) => {
  const values = {
    continueMail: choice.continue,
    eventMail: choice.events,
    weeklyMail: choice.weekly,
    chosenAt: at,
  }
  return db
    .insert(memberReminders)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: memberReminders.memberId, set: values })
}

/** Turns one kind of reminder off (an unsubscribe link); false when the member is gone. */
export async function stopReminder(db: Db, memberId: string, kind: ReminderKind, at: Date) {
  const column = { continue: 'continue_mail', events: 'event_mail', weekly: 'weekly_mail' }[kind]
  const rows = await rowsOf<{ member_id: string }>(
    db.execute(sql`
      insert into member_reminders (member_id, continue_mail, event_mail, weekly_mail, chosen_at)
      select id, ${kind !== 'continue'}, ${kind !== 'events'}, ${kind !== 'weekly'}, ${at.toISOString()}
      from members where id = ${memberId}
      on conflict (member_id) do update set ${sql.identifier(column)} = false
      returning member_id`),
  )
  return rows.length > 0
}

export interface Due {
  memberId: string
  email: string
  firstName: string
  timeZone: string | null
  key: string
}
export interface DueContinue extends Due {
  path: string
  title: string
  lastAt: string
}
export interface DueEvent extends Due {
  title: string
  startsAt: string
  allDay: boolean
  location: string
}
export type DueWeekly = Due

/**
 * The reminders of one kind due at `now` and not sent, as SQL returning `Due` columns: of
 * members after `after` (by id), so a run walks the members once, a batch at a time.
 */
function dueQuery(kind: ReminderKind, now: Date, limit: number, after: string | null) {
  const from = after ? sql`and r.member_id > ${after}::uuid` : sql``
  const at = sql`${now.toISOString()}::timestamptz`
  const unsent = (key: ReturnType<typeof sql>) =>
    sql`not exists (select 1 from reminder_sends s
                    where s.member_id = r.member_id and s.kind = ${kind} and s.key = ${key})`
  const who = sql`r.member_id as "memberId", m.email, m.first_name as "firstName",
                  m.time_zone as "timeZone"`
  if (kind === 'continue') {
    // Idle for 3 days (and not for a month), and no "continue" in the last 7 days.
    return sql`
      select ${who}, to_char(${at} at time zone 'UTC', 'YYYY-MM-DD') as key,
             lp.path, l.title, lp.last_progress_at::text as "lastAt"
      from member_reminders r
      join members m on m.id = r.member_id
      join member_last_progress lp on lp.member_id = r.member_id
      join lessons l on l.path = lp.path
      where r.continue_mail ${from}
        and lp.last_progress_at <= ${new Date(now.getTime() - 3 * DAY).toISOString()}::timestamptz
        and lp.last_progress_at > ${new Date(now.getTime() - CONTINUE_GIVE_UP_DAYS * DAY).toISOString()}::timestamptz
        and not exists (select 1 from reminder_sends s
                        where s.member_id = r.member_id and s.kind = 'continue'
                          and s.sent_at > ${new Date(now.getTime() - 7 * DAY).toISOString()}::timestamptz)
      order by r.member_id
      limit ${limit}`
  }
  if (kind === 'events') {
    // An event starting within 24 hours; moved to another time, it is another reminder.
    const key = sql`e.id::text || '@' || (extract(epoch from e.starts_at)::bigint)::text`
    return sql`
      select ${who}, ${key} as key, e.title, e.starts_at::text as "startsAt",
             e.all_day as "allDay", e.location
      from member_reminders r
      join members m on m.id = r.member_id
      join events e on e.member_id = r.member_id
      where r.event_mail and e.starts_at > ${at}
        and e.starts_at <= ${new Date(now.getTime() + DAY).toISOString()}::timestamptz
        and ${unsent(key)}
      order by r.member_id, e.starts_at
      limit ${limit}`
  }
  // Monday from 08:00 where the member lives, once for that Monday.
  const local = sql`(${at} at time zone coalesce(m.time_zone, 'UTC'))`
  const key = sql`to_char(${local}, 'YYYY-MM-DD')`
  return sql`
    select ${who}, ${key} as key
    from member_reminders r
    join members m on m.id = r.member_id
    where r.weekly_mail ${from} and extract(isodow from ${local}) = 1 and extract(hour from ${local}) >= 8
      and ${unsent(key)}
    order by r.member_id
    limit ${limit}`
}

/**
 * Takes up to `limit` reminders of a kind that are due: records each as sent, then returns
 * those this call recorded, to be mailed. One instance at a time takes them (a lock held for
 * the transaction; another finding it taken gets `null`), and a reminder recorded is never
 * taken again, so neither a second instance nor a restart sends one twice.
 */
export async function takeDue<T extends Due>(
  db: Db,
  kind: ReminderKind,
  now: Date,
  limit: number,
  after: string | null = null,
): Promise<T[] | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx.execute(sql`select pg_try_advisory_xact_lock(72501) as ok`),
    )
    if (!lock!.ok) return null
    const due = await rowsOf<T>(tx.execute(dueQuery(kind, now, limit, after)))
    if (due.length === 0) return []
    const taken = await rowsOf<{ memberId: string; key: string }>(
      tx.execute(sql`
        insert into reminder_sends (member_id, kind, key, sent_at)
        select (x->>'m')::uuid, ${kind}, x->>'k', ${now.toISOString()}::timestamptz
        from jsonb_array_elements(${JSON.stringify(due.map((d) => ({ m: d.memberId, k: d.key })))}::jsonb) x
        on conflict do nothing
        returning member_id as "memberId", key`),
    )
    const recorded = new Set(taken.map((t) => `${t.memberId} ${t.key}`))
    return due.filter((d) => recorded.has(`${d.memberId} ${d.key}`))
  })
}

export interface WeekFigures {
  memberId: string
  lessons: number
  points: number
  total: number
}

/** Lessons completed and points earned since `since`, and the total points, of some members. */
export async function weekFigures(db: Db, memberIds: string[], since: Date) {
  if (memberIds.length === 0) return new Map<string, WeekFigures>()
  const rows = await rowsOf<WeekFigures>(
    db.execute(sql`
      select ids.id as "memberId",
             coalesce(w.lessons, 0)::int as lessons, coalesce(w.points, 0)::int as points,
             coalesce(p.total, 0)::int as total
      from unnest(${`{${memberIds.join(',')}}`}::uuid[]) ids(id)
      left join member_points p on p.member_id = ids.id
      left join lateral (
        select count(*) filter (where kind = 'lesson' and points > 0) as lessons,
               sum(points) as points
        from point_events
        where member_id = ids.id and at >= ${since.toISOString()}::timestamptz
          and kind <> 'study'
      ) w on true`),
  )
  return new Map(rows.map((r) => [r.memberId, r]))
}

/** The community's most liked posts of a period, for the weekly summary. */
export const topPosts = (db: Db, since: Date, limit: number) =>
  rowsOf<{ id: string; title: string; likes: number }>(
    db.execute(sql`
      select id, title, like_count as likes
      from community_posts
      where category is not null and deleted_at is null and hidden_at is null
        and created_at >= ${since.toISOString()}::timestamptz and like_count > 0
      order by like_count desc, created_at desc
      limit ${limit}`),
  )
