import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

import type { CategoryKey, FeedSort, ReactionKey } from '@schemas/community'

import type { Db } from '../db/client'
import {
  communityFollows,
  communityMembers,
  communityPosts,
  communityReactions,
  communityReads,
  communityReplies,
  communityReports,
  lessons,
  members,
} from '../db/schema'
import type { SearchQuery } from './courses'
import { ms, rowsOf } from './insights'

export type PostRow = typeof communityPosts.$inferSelect
export type ReplyRow = typeof communityReplies.$inferSelect

export interface AuthorRow {
  id: string
  firstName: string
  lastName: string
  handle: string | null
  role: 'admin' | 'member'
  /** Their points, which give the level shown on their avatar. */
  points: number
}

/** A member's points, for a query that has the member's row as `id`. */
export const pointsColumn = (id: AnyPgColumn) =>
  sql<number>`coalesce((select total from member_points where member_id = ${id}), 0)`.mapWith(
    Number,
  )

const authorColumns = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  handle: members.handle,
  role: members.role,
  points: pointsColumn(members.id),
}

/** A post as lists show it: its author, lesson title, and the reader's read and follow marks. */
export interface ListedPost {
  post: PostRow
  author: AuthorRow
  lessonTitle: string | null
  readAt: Date | null
  following: boolean | null
}

const listedColumns = {
  post: communityPosts,
  author: authorColumns,
  lessonTitle: lessons.title,
  readAt: communityReads.readAt,
  following: communityFollows.following,
}

const listed = (db: Db, readerId: string) =>
  db
    .select(listedColumns)
    .from(communityPosts)
    .innerJoin(members, eq(members.id, communityPosts.authorId))
    .leftJoin(lessons, eq(lessons.path, communityPosts.lessonPath))
    .leftJoin(
      communityReads,
      and(eq(communityReads.postId, communityPosts.id), eq(communityReads.memberId, readerId)),
    )
    .leftJoin(
      communityFollows,
      and(eq(communityFollows.postId, communityPosts.id), eq(communityFollows.memberId, readerId)),
    )

/** Who may see what is hidden: administrators, and each author their own. */
const visibleTo = (readerId: string, admin: boolean) =>
  admin ? undefined : or(isNull(communityPosts.hiddenAt), eq(communityPosts.authorId, readerId))

/** Where a page starts: the sort key and id of the last post of the page before. */
export interface Cursor {
  key: number
  id: string
}

export async function feedPage(
  db: Db,
  options: {
    readerId: string
    admin: boolean
    category: CategoryKey | undefined
    sort: FeedSort
    /** For "top": only posts since this moment. */
    since: Date | undefined
    cursor: Cursor | undefined
    limit: number
  },
): Promise<ListedPost[]> {
  const { readerId, admin, category, sort, since, cursor, limit } = options
  const key =
    sort === 'top'
      ? communityPosts.likeCount
      : sort === 'active'
        ? communityPosts.lastActivityAt
        : communityPosts.createdAt
  const keyValue = (n: number) => (sort === 'top' ? sql`${n}` : sql`${new Date(n).toISOString()}`)
  const conditions: (SQL | undefined)[] = [
    sql`${communityPosts.category} is not null`,
    isNull(communityPosts.deletedAt),
    eq(communityPosts.pinned, false),
    visibleTo(readerId, admin),
    category ? eq(communityPosts.category, category) : undefined,
    since ? gte(communityPosts.createdAt, since) : undefined,
    cursor
      ? sql`(${key}, ${communityPosts.id}) < (${keyValue(cursor.key)}, ${cursor.id}::uuid)`
      : undefined,
  ]
  // The page's posts first, through the sort's index, then what lists show of those alone: the
  // planner would otherwise join every post to its author before sorting.
  const page = await db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(and(...conditions))
    .orderBy(desc(key), desc(communityPosts.id))
    .limit(limit)
  return listedInOrder(db, readerId, page)
}

/** The posts of `page` as lists show them, in its order. */
async function listedInOrder(db: Db, readerId: string, page: { id: string }[]) {
  if (page.length === 0) return []
  const rows = await listed(db, readerId).where(
    inArray(
      communityPosts.id,
      page.map((p) => p.id),
    ),
  )
  const at = new Map(page.map((p, i) => [p.id, i]))
  return rows.sort((a, b) => at.get(a.post.id)! - at.get(b.post.id)!)
}

export async function pinnedPosts(
  db: Db,
  options: { readerId: string; admin: boolean; category?: CategoryKey; lessonPath?: string },
): Promise<ListedPost[]> {
  const { readerId, admin, category, lessonPath } = options
  return listed(db, readerId)
    .where(
      and(
        eq(communityPosts.pinned, true),
        isNull(communityPosts.deletedAt),
        visibleTo(readerId, admin),
        lessonPath
          ? eq(communityPosts.lessonPath, lessonPath)
          : sql`${communityPosts.category} is not null`,
        category ? eq(communityPosts.category, category) : undefined,
      ),
    )
    .orderBy(desc(communityPosts.createdAt))
    .limit(10)
}

export async function lessonPage(
  db: Db,
  options: {
    readerId: string
    admin: boolean
    path: string
    cursor: Cursor | undefined
    limit: number
  },
): Promise<ListedPost[]> {
  const { readerId, admin, path, cursor, limit } = options
  const page = await db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.lessonPath, path),
        isNull(communityPosts.deletedAt),
        eq(communityPosts.pinned, false),
        visibleTo(readerId, admin),
        cursor
          ? sql`(${communityPosts.createdAt}, ${communityPosts.id}) < (${new Date(cursor.key).toISOString()}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(limit)
  return listedInOrder(db, readerId, page)
}

/** One post that is not deleted, as lists show it. */
export async function findListedPost(db: Db, id: string, readerId: string) {
  const [row] = await listed(db, readerId)
    .where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)))
    .limit(1)
  return row
}

export async function findPost(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)))
  return row
}

export async function findReply(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(communityReplies)
    .where(and(eq(communityReplies.id, id), isNull(communityReplies.deletedAt)))
  return row
}

/**
 * A thread's replies, oldest first, with their authors; deleted ones only where replies under
 * them remain (shown as deleted).
 */
export async function threadReplies(db: Db, postId: string, readerId: string, admin: boolean) {
  const rows = await db
    .select({ reply: communityReplies, author: authorColumns })
    .from(communityReplies)
    .innerJoin(members, eq(members.id, communityReplies.authorId))
    .where(
      and(
        eq(communityReplies.postId, postId),
        admin
          ? undefined
          : or(isNull(communityReplies.hiddenAt), eq(communityReplies.authorId, readerId)),
      ),
    )
    .orderBy(asc(communityReplies.createdAt), asc(communityReplies.id))
  const parents = new Set(
    rows.filter((r) => !r.reply.deletedAt && r.reply.parentId).map((r) => r.reply.parentId),
  )
  return rows.filter((r) => !r.reply.deletedAt || parents.has(r.reply.id))
}

export async function authorOf(db: Db, memberId: string): Promise<AuthorRow | undefined> {
  const [row] = await db.select(authorColumns).from(members).where(eq(members.id, memberId))
  return row
}

/** Reactions to these posts and replies, counted, and which the reader gave. */
export async function reactionsOf(db: Db, targetIds: string[], readerId: string) {
  const found = new Map<string, { reaction: ReactionKey; count: number; mine: boolean }[]>()
  if (targetIds.length === 0) return found
  const rows = await db
    .select({
      targetId: communityReactions.targetId,
      reaction: communityReactions.reaction,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${communityReactions.memberId} = ${readerId})`,
    })
    .from(communityReactions)
    .where(inArray(communityReactions.targetId, targetIds))
    .groupBy(communityReactions.targetId, communityReactions.reaction)
  for (const row of rows) {
    const list = found.get(row.targetId) ?? []
    list.push({ reaction: row.reaction as ReactionKey, count: row.count, mine: row.mine })
    found.set(row.targetId, list)
  }
  return found
}

export async function insertPost(
  db: Db,
  values: Pick<PostRow, 'authorId' | 'title' | 'body' | 'html' | 'plain'> &
    Partial<Pick<PostRow, 'category' | 'lessonPath'>> & { at: Date },
) {
  const { at, ...rest } = values
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(communityPosts)
      .values({ ...rest, createdAt: at, lastActivityAt: at })
      .returning()
    await tx.insert(communityFollows).values({ memberId: values.authorId, postId: row!.id })
    await tx
      .insert(communityReads)
      .values({ memberId: values.authorId, postId: row!.id, readAt: at })
    return row!
  })
}

/**
 * Adds a reply: the thread's count and activity move, and its author follows the thread and has
 * read it; the reply comes back with its author. One statement, as each round trip to the
 * embedded database's worker costs about a millisecond.
 */
export async function insertReply(
  db: Db,
  values: Pick<ReplyRow, 'postId' | 'parentId' | 'authorId' | 'body' | 'html' | 'plain'> & {
    at: Date
  },
): Promise<{ reply: ReplyRow; author: AuthorRow }> {
  const { postId, authorId } = values
  const at = values.at.toISOString()
  const [row] = await rowsOf<
    Omit<ReplyRow, 'createdAt' | 'hiddenAt' | 'deletedAt' | 'editedAt'> & {
      createdAt: string | Date
      firstName: string
      lastName: string
      handle: string | null
      role: 'admin' | 'member'
      points: number
    }
  >(
    db.execute(sql`
      with reply as (
        insert into community_replies (post_id, parent_id, author_id, body, html, plain, created_at)
        values (${postId}, ${values.parentId}, ${authorId}, ${values.body}, ${values.html},
                ${values.plain}, ${at})
        returning id, post_id, parent_id, author_id, body, html, plain, created_at, like_count,
                  search::text as search
      ), counted as (
        update community_posts set reply_count = reply_count + 1, last_activity_at = ${at}
        where id = ${postId}
      ), followed as (
        insert into community_follows (member_id, post_id) values (${authorId}, ${postId})
        on conflict do nothing
      ), seen as (
        insert into community_reads (member_id, post_id, read_at)
        values (${authorId}, ${postId}, ${at})
        on conflict (member_id, post_id) do update set read_at = excluded.read_at
      )
      select r.id, r.post_id as "postId", r.parent_id as "parentId", r.author_id as "authorId",
             r.body, r.html, r.plain, r.created_at as "createdAt", r.like_count as "likeCount",
             r.search, m.first_name as "firstName", m.last_name as "lastName", m.handle, m.role,
             coalesce((select total from member_points where member_id = m.id), 0)::int as points
      from reply r join members m on m.id = r.author_id`),
  )
  const { firstName, lastName, handle, role, points, ...reply } = row!
  return {
    reply: {
      ...reply,
      createdAt: new Date(reply.createdAt),
      hiddenAt: null,
      deletedAt: null,
      editedAt: null,
    },
    author: { id: reply.authorId, firstName, lastName, handle, role, points },
  }
}

export async function updatePost(db: Db, id: string, values: Partial<PostRow>) {
  const [row] = await db
    .update(communityPosts)
    .set(values)
    .where(eq(communityPosts.id, id))
    .returning()
  return row
}

export async function updateReply(db: Db, id: string, values: Partial<ReplyRow>) {
  const [row] = await db
    .update(communityReplies)
    .set(values)
    .where(eq(communityReplies.id, id))
    .returning()
  return row
}

/** Hides, shows or deletes a reply, keeping its post's count of visible replies. */
export async function setReplyState(
  db: Db,
  reply: ReplyRow,
  change: { hiddenAt?: Date | null; deletedAt?: Date },
) {
  const wasShown = !reply.hiddenAt && !reply.deletedAt
  const hiddenAt = change.hiddenAt === undefined ? reply.hiddenAt : change.hiddenAt
  const deletedAt = change.deletedAt ?? reply.deletedAt
  const isShown = !hiddenAt && !deletedAt
  await db.transaction(async (tx) => {
    await tx.update(communityReplies).set(change).where(eq(communityReplies.id, reply.id))
    if (wasShown !== isShown) {
      await tx
        .update(communityPosts)
        .set({
          replyCount: sql`greatest(${communityPosts.replyCount} ${isShown ? sql`+` : sql`-`} 1, 0)`,
        })
        .where(eq(communityPosts.id, reply.postId))
    }
    if (deletedAt) {
      await tx
        .update(communityPosts)
        .set({ answerId: null })
        .where(and(eq(communityPosts.id, reply.postId), eq(communityPosts.answerId, reply.id)))
    }
  })
}

/**
 * Gives or takes back a reaction. A like also moves the liked post's or reply's count (what the
 * feed's "top" sorts by), in the same transaction.
 */
export async function setReaction(
  db: Db,
  target: { kind: 'post' | 'reply'; id: string },
  memberId: string,
  reaction: ReactionKey,
  on: boolean,
  at: Date,
) {
  await db.transaction(async (tx) => {
    const changed = on
      ? await tx
          .insert(communityReactions)
          .values({ targetId: target.id, memberId, reaction, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: communityReactions.targetId })
      : await tx
          .delete(communityReactions)
          .where(
            and(
              eq(communityReactions.targetId, target.id),
              eq(communityReactions.memberId, memberId),
              eq(communityReactions.reaction, reaction),
            ),
          )
          .returning({ id: communityReactions.targetId })
    if (changed.length === 0 || reaction !== 'like') return
    const table = target.kind === 'post' ? communityPosts : communityReplies
    await tx
      .update(table)
      .set({ likeCount: sql`greatest(${table.likeCount} ${on ? sql`+` : sql`-`} 1, 0)` })
      .where(eq(table.id, target.id))
  })
}

export async function markRead(db: Db, memberId: string, postId: string, at: Date) {
  await db
    .insert(communityReads)
    .values({ memberId, postId, readAt: at })
    .onConflictDoUpdate({
      target: [communityReads.memberId, communityReads.postId],
      set: { readAt: at },
    })
}

export async function setFollowing(db: Db, memberId: string, postId: string, following: boolean) {
  await db
    .insert(communityFollows)
    .values({ memberId, postId, following })
    .onConflictDoUpdate({
      target: [communityFollows.memberId, communityFollows.postId],
      set: { following },
    })
}

/**
 * How much a member wrote since a moment (and when the first of those was, in ms), and whether
 * they wrote 3 things in all yet, for the limits on writing.
 */
export async function writingCounts(db: Db, memberId: string, since: Date) {
  const from = since.toISOString()
  const [row] = await rowsOf<{
    posts: number
    replies: number
    oldestPost: number | null
    oldestReply: number | null
    total: number
  }>(
    db.execute(sql`
      select p.n as posts, p.oldest as "oldestPost", r.n as replies, r.oldest as "oldestReply",
        (select count(*)::int from (
           select 1 from community_posts where author_id = ${memberId} and deleted_at is null
           union all
           select 1 from community_replies where author_id = ${memberId} and deleted_at is null
           limit 3) written) as total
      from
        (select count(*)::int as n, ${ms(sql`min(created_at)`)} as oldest from community_posts
          where author_id = ${memberId} and created_at >= ${from}) p,
        (select count(*)::int as n, ${ms(sql`min(created_at)`)} as oldest from community_replies
          where author_id = ${memberId} and created_at >= ${from}) r`),
  )
  return row!
}

export async function mutedUntil(db: Db, memberId: string) {
  const [row] = await db
    .select({ mutedUntil: communityMembers.mutedUntil })
    .from(communityMembers)
    .where(eq(communityMembers.memberId, memberId))
  return row?.mutedUntil ?? null
}

export async function setMutedUntil(db: Db, memberId: string, until: Date | null) {
  await db
    .insert(communityMembers)
    .values({ memberId, mutedUntil: until })
    .onConflictDoUpdate({ target: communityMembers.memberId, set: { mutedUntil: until } })
}

/**
 * Members who may read a thread, by handle or name prefix: `area` and `dripDays` are the lesson's
 * (null for the feed, which every member reads).
 */
export async function mentionCandidates(
  db: Db,
  options: {
    prefix: string
    area: string | null
    dripDays: number | null
    now: Date
    excludeId: string
    limit: number
  },
) {
  const { prefix, area, dripDays, now, excludeId, limit } = options
  const like = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select(authorColumns)
    .from(members)
    .where(
      and(
        sql`${members.id} <> ${excludeId}`,
        prefix
          ? or(
              sql`${members.handle} like ${like}`,
              sql`lower(${members.firstName}) like ${like}`,
              sql`lower(${members.lastName}) like ${like}`,
            )
          : undefined,
        ...mayReadConditions(area, dripDays, now),
      ),
    )
    .orderBy(asc(members.handle))
    .limit(limit)
}

/** The members named by these handles who may read a thread (see `mentionCandidates`). */
export async function membersByHandle(
  db: Db,
  handles: string[],
  options: { area: string | null; dripDays: number | null; now: Date },
) {
  if (handles.length === 0) return []
  return db
    .select(authorColumns)
    .from(members)
    .where(
      and(
        inArray(members.handle, handles),
        ...mayReadConditions(options.area, options.dripDays, options.now),
      ),
    )
}

const mayReadConditions = (area: string | null, dripDays: number | null, now: Date) => [
  area ? or(eq(members.role, 'admin'), sql`${area} = any(${members.areas})`) : undefined,
  dripDays
    ? or(
        eq(members.role, 'admin'),
        lt(members.createdAt, new Date(now.getTime() - dripDays * 24 * 60 * 60 * 1000)),
      )
    : undefined,
]

export async function insertReport(
  db: Db,
  values: {
    reporterId: string
    postId: string
    replyId: string | null
    reason: string
    note: string
    at: Date
  },
) {
  const { at, ...rest } = values
  const rows = await db
    .insert(communityReports)
    .values({ ...rest, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: communityReports.id })
  return rows.length > 0
}

/** Members with an open report on a post (replyId null) or one of its replies. */
export async function openReportCount(db: Db, postId: string, replyId: string | null) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${communityReports.reporterId})::int` })
    .from(communityReports)
    .where(
      and(
        eq(communityReports.postId, postId),
        replyId ? eq(communityReports.replyId, replyId) : isNull(communityReports.replyId),
        isNull(communityReports.resolvedAt),
      ),
    )
  return row?.n ?? 0
}

export async function resolveReports(
  db: Db,
  postId: string,
  replyId: string | null,
  resolution: string,
  at: Date,
) {
  await db
    .update(communityReports)
    .set({ resolvedAt: at, resolution })
    .where(
      and(
        eq(communityReports.postId, postId),
        replyId ? eq(communityReports.replyId, replyId) : isNull(communityReports.replyId),
        isNull(communityReports.resolvedAt),
      ),
    )
}

/** Open reports, oldest first, with what they are about and who wrote it. */
export async function openReports(db: Db, limit: number) {
  return db
    .select({ report: communityReports, post: communityPosts, reply: communityReplies })
    .from(communityReports)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReports.postId))
    .leftJoin(communityReplies, eq(communityReplies.id, communityReports.replyId))
    .where(isNull(communityReports.resolvedAt))
    .orderBy(asc(communityReports.createdAt))
    .limit(limit)
}

export async function authorsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, AuthorRow>()
  const rows = await db
    .select(authorColumns)
    .from(members)
    .where(inArray(members.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r]))
}

export interface CommunityHitRow {
  postId: string
  replyId: string | null
  title: string
  authorId: string
  lessonPath: string | null
  lessonTitle: string | null
  lessonKind: 'lesson' | 'page' | 'offer' | null
  area: string | null
  dripDays: number | null
  courseArea: string | null
  rank: number
  headline: string
}

/**
 * How many of the newest matches of each kind the search ranks: four times the five it shows,
 * and few enough that a common word's are found by reading the newest texts in date order.
 */
const CANDIDATES = 20

/**
 * Posts and replies matching a member's search (see `searchQuery`), best first among the newest
 * `CANDIDATES` matches of each kind (a common word matches many thousands: ranking them all
 * would take a search hundreds of milliseconds), with a highlighted headline: those shown to the
 * reader (hidden ones only to their author, or an administrator); whether the reader may open a
 * lesson's thread is the caller's to check. Only the candidates are ranked, and a reply's post
 * is looked at only for them: a reply in a deleted or hidden thread takes a candidate's place.
 * A search of stop words only (`numnode` 0) matches nothing and reads nothing: left to its
 * estimate, the embedded database's planner read all of a million replies in date order for it.
 */
export async function searchCommunity(
  db: Db,
  q: SearchQuery,
  reader: { id: string; admin: boolean },
  limit: number,
  headlineOptions: string,
) {
  const shown = (alias: string) =>
    reader.admin
      ? sql``
      : sql`and (${sql.raw(alias)}.hidden_at is null or ${sql.raw(alias)}.author_id = ${reader.id})`
  return rowsOf<CommunityHitRow>(
    db.execute(sql`
      select s."postId", s."replyId", s.title, s."authorId", s."lessonPath",
             l.title as "lessonTitle", l.kind as "lessonKind", l.area, l.drip_days as "dripDays",
             c.area as "courseArea", s.rank,
             ts_headline('english', s.plain, ${q}, ${headlineOptions}) as headline
      from (
        select found.*, ts_rank_cd(found.search, ${q}) as rank
        from (
          select * from (
            select p.id as "postId", null::uuid as "replyId", p.title, p.author_id as "authorId",
                   p.lesson_path as "lessonPath", p.plain, p.search
            from community_posts p
            where p.search @@ ${q} and p.deleted_at is null ${shown('p')} and numnode(${q}) > 0
            order by p.created_at desc limit ${CANDIDATES}
          ) posts
          union all
          select r.post_id, r.id, p.title, r.author_id, p.lesson_path, r.plain, r.search
          from (
            select r.id, r.post_id, r.author_id, r.plain, r.search from community_replies r
            where r.search @@ ${q} and r.deleted_at is null ${shown('r')} and numnode(${q}) > 0
            order by r.created_at desc limit ${CANDIDATES}
          ) r
          join community_posts p on p.id = r.post_id and p.deleted_at is null ${shown('p')}
        ) found
        order by rank desc
        limit ${limit}
      ) s
      left join lessons l on l.path = s."lessonPath"
      left join courses c on c.key = l.course_key
      order by s.rank desc`),
  ).then((rows) => rows.map((row) => ({ ...row, rank: Number(row.rank) })))
}
