import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type { NotificationKind } from '@schemas/notifications'

import type { Db } from '../db/client'
import {
  communityMembers,
  communityPosts,
  communityReplies,
  courses,
  lessons,
  members,
  notifications,
} from '../db/schema'
import { pointsColumn } from './community'
import { rowsOf } from './insights'

/** Member ids as a list of SQL parameters, for `in (…)`. */
const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )

/** The channel every instance listens on for new notifications and thread activity. */
export const LIVE_CHANNEL = 'community_live'

const actors = alias(members, 'actor')

/** A notification with what it is about, as lists and the live stream show it. */
const listedColumns = {
  id: notifications.id,
  memberId: notifications.memberId,
  kind: notifications.kind,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  postId: communityPosts.id,
  postTitle: communityPosts.title,
  postPlain: communityPosts.plain,
  postAuthorId: communityPosts.authorId,
  lessonPath: communityPosts.lessonPath,
  lessonTitle: lessons.title,
  lessonKind: lessons.kind,
  lessonArea: lessons.area,
  lessonDripDays: lessons.dripDays,
  courseArea: courses.area,
  replyId: communityReplies.id,
  replyPlain: communityReplies.plain,
  actor: {
    id: actors.id,
    firstName: actors.firstName,
    lastName: actors.lastName,
    handle: actors.handle,
    role: actors.role,
    points: pointsColumn(actors.id),
  },
}

export type ListedNotification = Awaited<ReturnType<typeof listedQuery>>[number]

/**
 * Notifications whose post (and reply) still stand: deleted ones drop out, and hidden ones show
 * only to their author.
 */
function listedQuery(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(listedColumns)
    .from(notifications)
    .innerJoin(communityPosts, eq(communityPosts.id, notifications.postId))
    .leftJoin(communityReplies, eq(communityReplies.id, notifications.replyId))
    .leftJoin(lessons, eq(lessons.path, communityPosts.lessonPath))
    .leftJoin(courses, eq(courses.key, lessons.courseKey))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(
      and(
        where,
        isNull(communityPosts.deletedAt),
        or(isNull(communityPosts.hiddenAt), eq(communityPosts.authorId, notifications.memberId)),
        or(
          isNull(notifications.replyId),
          and(
            isNull(communityReplies.deletedAt),
            or(
              isNull(communityReplies.hiddenAt),
              eq(communityReplies.authorId, notifications.memberId),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit)
}

export const listNotifications = (
  db: Db,
  memberId: string,
  options: { before?: number | undefined; limit: number },
) =>
  listedQuery(
    db,
    and(
      eq(notifications.memberId, memberId),
      options.before ? lt(notifications.id, options.before) : undefined,
    ),
    options.limit,
  )

/** Notifications after `afterId` (and up to `toId`) for these members: what a stream sends. */
export const notificationsFor = (
  db: Db,
  memberIds: string[],
  range: { afterId: number; toId?: number },
) =>
  listedQuery(
    db,
    and(
      inArray(notifications.memberId, memberIds),
      sql`${notifications.id} > ${range.afterId}`,
      range.toId !== undefined ? sql`${notifications.id} <= ${range.toId}` : undefined,
    ),
    5000,
  )

export async function unreadCounts(db: Db, memberIds: string[]) {
  const counts = new Map<string, number>(memberIds.map((id) => [id, 0]))
  if (memberIds.length === 0) return counts
  const rows = await db
    .select({ memberId: notifications.memberId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .innerJoin(communityPosts, eq(communityPosts.id, notifications.postId))
    .where(
      and(
        inArray(notifications.memberId, memberIds),
        isNull(notifications.readAt),
        isNull(communityPosts.deletedAt),
      ),
    )
    .groupBy(notifications.memberId)
  for (const row of rows) counts.set(row.memberId, row.n)
  return counts
}

export async function markRead(
  db: Db,
  memberId: string,
  which: { ids: number[]; all: boolean },
  at: Date,
) {
  if (!which.all && which.ids.length === 0) return
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.memberId, memberId),
        isNull(notifications.readAt),
        which.all ? undefined : inArray(notifications.id, which.ids),
      ),
    )
}

/** Marks as read what a member has now seen of a thread (opening it). */
export async function markThreadRead(db: Db, memberId: string, postId: string, at: Date) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.memberId, memberId),
        eq(notifications.postId, postId),
        isNull(notifications.readAt),
      ),
    )
}

/** Who is to hear of something, by kind: each member at most once per event. */
export interface Recipients {
  kind: NotificationKind
  /** Members by id; those following a thread; or every member (an announcement). */
  memberIds: string[] | { followersOf: string } | 'everyone'
}

/**
 * Writes the notifications of one event (a reply, a post, an answer) in one transaction, and
 * tells every instance their ids on the live channel once it commits. `visible` keeps out those
 * who may not read the thread (a lesson's area and drip), `mailed` marks the kinds that send no
 * mail as mailed already. Returns the rows written.
 */
export async function insertNotifications(
  db: Db,
  event: {
    postId: string
    replyId: string | null
    actorId: string
    at: Date
    groups: Recipients[]
    visible: SQL[]
    mailedKinds: NotificationKind[]
    /** The thread's place, told to every instance with what was written (see `announceActivity`). */
    place: ThreadPlace
  },
) {
  return db.transaction(async (tx) => {
    const written: { id: number; memberId: string; kind: string }[] = []
    const taken = new Set<string>([event.actorId])
    for (const group of event.groups) {
      const ids = Array.isArray(group.memberIds)
        ? group.memberIds.filter((id) => !taken.has(id))
        : null
      if (ids && ids.length === 0) continue
      const followed =
        typeof group.memberIds === 'object' && !Array.isArray(group.memberIds)
          ? group.memberIds.followersOf
          : null
      const mailed = event.mailedKinds.includes(group.kind) ? event.at.toISOString() : null
      const rows = await rowsOf<{ id: number; memberId: string; kind: string }>(
        tx.execute(sql`
          insert into notifications (member_id, kind, post_id, reply_id, actor_id, created_at, mailed_at)
          select m.id, ${group.kind}, ${event.postId}, ${event.replyId}, ${event.actorId},
                 ${event.at.toISOString()}, ${mailed}
          from members m
          where m.id <> ${event.actorId}
            ${ids ? sql`and m.id in (${uuids(ids)})` : sql``}
            ${followed ? sql`and m.id in (select member_id from community_follows where post_id = ${followed} and following)` : sql``}
            ${taken.size > 1 ? sql`and m.id not in (${uuids([...taken])})` : sql``}
            ${event.visible.length > 0 ? sql`and ${sql.join(event.visible, sql` and `)}` : sql``}
          returning id::int as id, member_id as "memberId", kind`),
      )
      for (const row of rows) {
        written.push(row)
        taken.add(row.memberId)
      }
    }
    const ids = written.map((w) => w.id)
    const told = [
      ...(written.length > 0 ? [`n:${Math.min(...ids) - 1}:${Math.max(...ids)}`] : []),
      activityPayload({ postId: event.postId, ...event.place }),
    ]
    await tx.execute(
      sql`select ${sql.join(
        told.map((payload) => sql`pg_notify(${LIVE_CHANNEL}, ${payload})`),
        sql`, `,
      )}`,
    )
    return written
  })
}

/** Where a thread is: under a lesson (its area and drip), or in the feed (all null). */
export interface ThreadPlace {
  lessonPath: string | null
  area: string | null
  dripDays: number | null
}

/** What tells every instance something was written in a thread (for screens showing it). */
const activityPayload = (activity: { postId: string } & ThreadPlace) =>
  [
    'a',
    activity.postId,
    activity.lessonPath ?? '-',
    activity.area ?? '-',
    activity.dripDays ?? '-',
  ].join(':')

/** The members (of these) who may read a lesson's threads: its area and drip, as SQL on `m`. */
export function mayReadLesson(area: string | null, dripDays: number | null, now: Date): SQL[] {
  return [
    ...(area ? [sql`(m.role = 'admin' or ${area} = any(m.areas))`] : []),
    ...(dripDays
      ? [
          sql`(m.role = 'admin' or m.created_at <= ${new Date(now.getTime() - dripDays * 24 * 60 * 60 * 1000).toISOString()})`,
        ]
      : []),
  ]
}

/** A member's mail choice ('instant' when never chosen). */
export async function mailChoice(db: Db, memberId: string) {
  const [row] = await db
    .select({ mail: communityMembers.mail })
    .from(communityMembers)
    .where(eq(communityMembers.memberId, memberId))
  return (row?.mail ?? 'instant') as 'instant' | 'daily' | 'never'
}

export async function setMailChoice(db: Db, memberId: string, mail: 'instant' | 'daily' | 'never') {
  await db
    .insert(communityMembers)
    .values({ memberId, mail })
    .onConflictDoUpdate({ target: communityMembers.memberId, set: { mail } })
}

/**
 * Takes the unmailed notifications of members who want mail at once (or never, which are only
 * marked): marks them mailed, and returns those to send with their member's e-mail and name.
 * Marked before sending, so a restart never sends one twice.
 */
export async function takeInstantMail(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return []
  return rowsOf<{ id: number; email: string; firstName: string; mail: string }>(
    db.execute(sql`
      update notifications n set mailed_at = ${at.toISOString()}
      from members m left join community_members c on c.member_id = m.id
      where n.member_id = m.id and n.mailed_at is null
        and n.id in (${sql.join(
          ids.map((id) => sql`${Number(id)}`),
          sql`, `,
        )})
        and coalesce(c.mail, 'instant') <> 'daily'
      returning n.id::int as id, m.email, m.first_name as "firstName", coalesce(c.mail, 'instant') as mail`),
  )
}

/**
 * The members whose daily digest is due (they chose it, have unmailed notifications, and had no
 * digest in the last day): their notifications are marked mailed and the digest recorded, in one
 * statement, before any mail goes.
 */
export async function takeDigests(
  db: Db,
  at: Date,
): Promise<{ memberIds: string[]; ids: number[] } | null> {
  const dayAgo = new Date(at.getTime() - 24 * 60 * 60 * 1000).toISOString()
  return db.transaction(async (tx) => {
    const due = await rowsOf<{ memberId: string }>(
      tx.execute(sql`
        select c.member_id as "memberId" from community_members c
        where c.mail = 'daily' and (c.digest_sent_at is null or c.digest_sent_at <= ${dayAgo})
          and exists (select 1 from notifications n where n.member_id = c.member_id and n.mailed_at is null)
        limit 500
        for update of c skip locked`),
    )
    if (due.length === 0) return null
    const memberIds = due.map((d) => d.memberId)
    await tx
      .update(communityMembers)
      .set({ digestSentAt: at })
      .where(inArray(communityMembers.memberId, memberIds))
    const taken = await rowsOf<{ id: number }>(
      tx.execute(sql`
        update notifications set mailed_at = ${at.toISOString()}
        where mailed_at is null and member_id in (${uuids(memberIds)})
        returning id::int as id`),
    )
    return { memberIds, ids: taken.map((t) => t.id) }
  })
}

export async function memberContacts(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { email: string; firstName: string }>()
  const rows = await db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .where(inArray(members.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}

export const notificationsByIds = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : listedQuery(db, inArray(notifications.id, ids), ids.length)
