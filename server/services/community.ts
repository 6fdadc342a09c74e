import {
  CATEGORIES,
  EDIT_MINUTES,
  MAX_MENTIONS,
  NEW_MEMBER_DAYS,
  NEW_MEMBER_POSTS_PER_HOUR,
  NEW_MEMBER_REPLIES_PER_HOUR,
  POSTS_BEFORE_LINKS,
  POSTS_PER_HOUR,
  REACTIONS,
  REPLIES_PER_HOUR,
  type Author,
  type CategoryKey,
  type FeedSort,
  type PageOfPosts,
  type Post,
  type ReactionKey,
  type Reply,
  type Reported,
  type ReportReason,
  type Thread,
} from '@schemas/community'

import type { Db } from '../db/client'
import { badRequest, forbidden, HttpError, notFound } from '../errors'
import { recordAudit } from '../repos/audit'
import {
  authorOf,
  authorsByIds,
  feedPage,
  findListedPost,
  findPost,
  findReply,
  insertPost,
  insertReply,
  insertReport,
  lessonPage,
  markRead,
  membersByHandle,
  mentionCandidates,
  mutedUntil,
  openReportCount,
  openReports,
  pinnedPosts,
  reactionsOf,
  resolveReports,
  searchCommunity,
  setFollowing,
  setMutedUntil,
  setReaction,
  setReplyState,
  threadReplies,
  updatePost,
  updateReply,
  writingCounts,
  type AuthorRow,
  type Cursor,
  type ListedPost,
  type PostRow,
  type ReplyRow,
} from '../repos/community'
import { HEADLINE_OPTIONS, memberEmail, type SearchQuery } from '../repos/courses'
import { excerptOf, mentionedHandles, renderCommunityText } from '../shared/community-markdown'
import type { AuthedMember } from './auth'
import { toAuthor } from './community-authors'
import { marked, type CoursesService, type RankedHit } from './courses'
import type { NotificationsService } from './notifications'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Members whose reports hide a post until an administrator looks at it. */
export const REPORTS_TO_HIDE = 3

export interface CommunityDeps {
  db: Db
  now: () => number
  courses: Pick<CoursesService, 'readable' | 'mayRead'>
  /** Who hears of each post, reply and answer. */
  notifications: Pick<NotificationsService, 'posted' | 'replied' | 'answered' | 'threadRead'>
}

const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** Where a thread lives, and so who may read it. */
interface Place {
  lessonPath: string | null
  area: string | null
  dripDays: number | null
}

const FEED: Place = { lessonPath: null, area: null, dripDays: null }

/** A page's cursor: the sort key and id of its last post, as base64url text. */
export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(`${cursor.key}.${cursor.id}`).toString('base64url')

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined
  const match = /^(-?\d{1,15})\.([0-9a-f-]{36})$/.exec(Buffer.from(text, 'base64url').toString())
  if (!match) throw badRequest('cursor: Not a valid cursor')
  return { key: Number(match[1]), id: match[2]! }
}

/** The discussions: the feed, threads under lessons, reactions, reports and moderation. */
export class CommunityService {
  constructor(private readonly deps: CommunityDeps) {}

  private get db() {
    return this.deps.db
  }

  private date() {
    return new Date(this.deps.now())
  }

  /** Who may read a lesson's threads, or the 403 the lesson answers the caller. */
  private async lessonPlace(path: string, member: AuthedMember): Promise<Place> {
    const { row, course } = await this.deps.courses.readable(path, member)
    return {
      lessonPath: row.path,
      area: row.area ?? (row.kind === 'lesson' ? (course?.area ?? null) : null),
      dripDays: row.dripDays,
    }
  }

  /**
   * A post the caller may read, with where it lives. Anything else is "not found": a thread under
   * a lesson the caller may not open says nothing of itself.
   */
  private async readablePost(id: string, member: AuthedMember) {
    return this.readableAs(await findPost(this.db, id), member)
  }

  /** `post` with where it lives, when the caller may read it; else "not found". */
  private async readableAs<P extends PostRow>(post: P | undefined, member: AuthedMember) {
    if (!post || !this.mayRead(post, member)) throw notFound('There is no such post')
    let place = FEED
    if (post.lessonPath) {
      try {
        place = await this.lessonPlace(post.lessonPath, member)
      } catch (error) {
        if (error instanceof HttpError) throw notFound('There is no such post')
        throw error
      }
    }
    return { post, place }
  }

  private mayRead(item: { hiddenAt: Date | null; authorId: string }, member: AuthedMember) {
    return !item.hiddenAt || member.role === 'admin' || item.authorId === member.id
  }

  private editableUntil(item: { createdAt: Date; authorId: string }, member: AuthedMember) {
    const until = item.createdAt.getTime() + EDIT_MINUTES * MINUTE
    return item.authorId === member.id && this.deps.now() < until
      ? new Date(until).toISOString()
      : null
  }

  private toPost(
    listed: ListedPost,
    reactions: Map<string, Post['reactions']>,
    member: AuthedMember,
  ): Post {
    const { post, author } = listed
    return {
      id: post.id,
      author: toAuthor(author),
      body: post.body,
      html: post.html,
      createdAt: post.createdAt.toISOString(),
      editedAt: post.editedAt?.toISOString() ?? null,
      reactions: ordered(reactions.get(post.id)),
      hidden: post.hiddenAt !== null,
      editableUntil: this.editableUntil(post, member),
      canDelete: post.authorId === member.id || member.role === 'admin',
      category: post.category as CategoryKey | null,
      lesson:
        post.lessonPath !== null
          ? { path: post.lessonPath, title: listed.lessonTitle ?? '' }
          : null,
      title: post.title,
      excerpt: excerptOf(post.plain),
      lastActivityAt: post.lastActivityAt.toISOString(),
      replyCount: post.replyCount,
      pinned: post.pinned,
      locked: post.locked,
      answerId: post.answerId,
      unread: listed.readAt === null || listed.readAt < post.lastActivityAt,
      following: listed.following ?? false,
    }
  }

  private toReply(
    reply: ReplyRow,
    author: AuthorRow,
    reactions: Map<string, Post['reactions']>,
    member: AuthedMember,
    answerId: string | null,
  ): Reply {
    const deleted = reply.deletedAt !== null
    return {
      id: reply.id,
      postId: reply.postId,
      parentId: reply.parentId,
      author: toAuthor(author),
      body: deleted ? '' : reply.body,
      html: deleted ? '' : reply.html,
      createdAt: reply.createdAt.toISOString(),
      editedAt: reply.editedAt?.toISOString() ?? null,
      reactions: deleted ? [] : ordered(reactions.get(reply.id)),
      hidden: reply.hiddenAt !== null,
      editableUntil: deleted ? null : this.editableUntil(reply, member),
      canDelete: !deleted && (reply.authorId === member.id || member.role === 'admin'),
      isAnswer: answerId === reply.id,
      deleted,
    }
  }

  private async page(rows: ListedPost[], pinned: ListedPost[], member: AuthedMember) {
    const reactions = await reactionsOf(
      this.db,
      [...pinned, ...rows].map((r) => r.post.id),
      member.id,
    )
    return {
      pinned: pinned.map((r) => this.toPost(r, reactions, member)),
      items: rows.map((r) => this.toPost(r, reactions, member)),
    }
  }

  async feed(
    member: AuthedMember,
    query: {
      category?: CategoryKey | undefined
      sort: FeedSort
      period: 'week' | 'all'
      cursor?: string | undefined
      limit: number
    },
  ): Promise<PageOfPosts> {
    const cursor = decodeCursor(query.cursor)
    const admin = member.role === 'admin'
    const [rows, pinned] = await Promise.all([
      feedPage(this.db, {
        readerId: member.id,
        admin,
        category: query.category,
        sort: query.sort,
        since:
          query.sort === 'top' && query.period === 'week'
            ? new Date(this.deps.now() - 7 * DAY)
            : undefined,
        cursor,
        limit: query.limit + 1,
      }),
      cursor ? [] : pinnedPosts(this.db, { readerId: member.id, admin, category: query.category }),
    ])
    const keyOf = (p: PostRow) =>
      query.sort === 'top'
        ? p.likeCount
        : (query.sort === 'active' ? p.lastActivityAt : p.createdAt).getTime()
    return this.paged(rows, pinned, query.limit, keyOf, member)
  }

  private async paged(
    rows: ListedPost[],
    pinned: ListedPost[],
    limit: number,
    keyOf: (p: PostRow) => number,
    member: AuthedMember,
  ): Promise<PageOfPosts> {
    const more = rows.length > limit
    const shown = rows.slice(0, limit)
    const last = shown.at(-1)?.post
    return {
      ...(await this.page(shown, pinned, member)),
      nextCursor: more && last ? encodeCursor({ key: keyOf(last), id: last.id }) : null,
    }
  }

  async lesson(
    member: AuthedMember,
    query: { path: string; cursor?: string | undefined; limit: number },
  ): Promise<PageOfPosts> {
    const place = await this.lessonPlace(query.path, member)
    const cursor = decodeCursor(query.cursor)
    const admin = member.role === 'admin'
    const [rows, pinned] = await Promise.all([
      lessonPage(this.db, {
        readerId: member.id,
        admin,
        path: place.lessonPath!,
        cursor,
        limit: query.limit + 1,
      }),
      cursor
        ? []
        : pinnedPosts(this.db, { readerId: member.id, admin, lessonPath: place.lessonPath! }),
    ])
    return this.paged(rows, pinned, query.limit, (p) => p.createdAt.getTime(), member)
  }

  async thread(id: string, member: AuthedMember): Promise<Thread> {
    // The post as lists show it, read once, and checked as any other read is.
    const listed = await findListedPost(this.db, id, member.id)
    const { post } = await this.readableAs(listed?.post, member)
    const replies = await threadReplies(this.db, post.id, member.id, member.role === 'admin')
    const reactions = await reactionsOf(
      this.db,
      [post.id, ...replies.filter((r) => !r.reply.deletedAt).map((r) => r.reply.id)],
      member.id,
    )
    await Promise.all([
      markRead(this.db, member.id, post.id, this.date()),
      this.deps.notifications.threadRead(member, post.id),
    ])
    return {
      post: { ...this.toPost(listed!, reactions, member), unread: false },
      replies: replies.map((r) =>
        this.toReply(r.reply, r.author, reactions, member, post.answerId),
      ),
    }
  }

  /**
   * What a member may write now, and the text as it will show: muted members write nothing, new
   * members write less and link nothing at first, nobody mentions more than `MAX_MENTIONS`.
   */
  private async prepare(member: AuthedMember, kind: 'post' | 'reply', body: string, place: Place) {
    const handles = mentionedHandles(body)
    if (handles.length > MAX_MENTIONS) {
      throw badRequest(`Mention at most ${MAX_MENTIONS} members in one post`)
    }
    const known = await membersByHandle(this.db, handles, { ...place, now: this.date() })
    const knownHandles = new Set(known.map((m) => m.handle))
    const text = {
      ...renderCommunityText(body, (handle) => knownHandles.has(handle)),
      mentionedIds: known.map((m) => m.id),
    }
    if (member.role === 'admin') return text
    const muted = await mutedUntil(this.db, member.id)
    if (muted && muted.getTime() > this.deps.now()) {
      throw forbidden(
        `You are muted in the community until ${dateText.format(muted)}: you can read, but not write or react.`,
      )
    }
    const now = this.deps.now()
    const counts = await writingCounts(this.db, member.id, new Date(now - HOUR))
    const isNew = now - member.joinedAt.getTime() < NEW_MEMBER_DAYS * DAY
    const most =
      kind === 'post'
        ? isNew
          ? NEW_MEMBER_POSTS_PER_HOUR
          : POSTS_PER_HOUR
        : isNew
          ? NEW_MEMBER_REPLIES_PER_HOUR
          : REPLIES_PER_HOUR
    const written = kind === 'post' ? counts.posts : counts.replies
    if (written >= most) {
      const oldest = kind === 'post' ? counts.oldestPost : counts.oldestReply
      const wait = oldest ? Math.max(1, (oldest + HOUR - now) / 1000) : 3600
      const words = kind === 'post' ? 'posts' : 'replies'
      throw new HttpError(
        429,
        isNew
          ? `In their first week, members write at most ${most} ${words} an hour. Please try again in ${minutes(wait)}.`
          : `You can write at most ${most} ${words} an hour. Please try again in ${minutes(wait)}.`,
        { 'retry-after': String(Math.ceil(wait)) },
      )
    }
    if (text.links > 0 && counts.total < POSTS_BEFORE_LINKS) {
      throw badRequest(
        `Links can be added once you have written ${POSTS_BEFORE_LINKS} posts or replies: please take the link out for now.`,
      )
    }
    return text
  }

  async create(
    member: AuthedMember,
    body: { category: CategoryKey; title: string; body: string },
  ): Promise<Post> {
    const category = CATEGORIES.find((c) => c.key === body.category)!
    if ('adminsOnly' in category && member.role !== 'admin') {
      throw forbidden('Only administrators write announcements')
    }
    const text = await this.prepare(member, 'post', body.body, FEED)
    const row = await insertPost(this.db, {
      authorId: member.id,
      category: body.category,
      title: body.title,
      body: body.body,
      html: text.html,
      plain: text.plain,
      at: this.date(),
    })
    await this.deps.notifications.posted(row, text.mentionedIds, FEED)
    return this.listedPost(row.id, member)
  }

  async ask(member: AuthedMember, path: string, body: string): Promise<Post> {
    const place = await this.lessonPlace(path, member)
    const text = await this.prepare(member, 'post', body, place)
    const row = await insertPost(this.db, {
      authorId: member.id,
      lessonPath: place.lessonPath,
      title: '',
      body,
      html: text.html,
      plain: text.plain,
      at: this.date(),
    })
    await this.deps.notifications.posted(row, text.mentionedIds, place)
    return this.listedPost(row.id, member)
  }

  private async listedPost(id: string, member: AuthedMember) {
    const listed = await findListedPost(this.db, id, member.id)
    if (!listed) throw notFound('There is no such post')
    const reactions = await reactionsOf(this.db, [id], member.id)
    return this.toPost(listed, reactions, member)
  }

  private checkEditable(item: { createdAt: Date; authorId: string }, member: AuthedMember) {
    if (item.authorId !== member.id) throw forbidden('You can change only what you wrote')
    if (!this.editableUntil(item, member)) {
      throw forbidden(`What you write can be changed for ${EDIT_MINUTES} minutes after writing it`)
    }
  }

  async editPost(
    id: string,
    member: AuthedMember,
    body: { title?: string | undefined; body: string },
  ): Promise<Post> {
    const { post, place } = await this.readablePost(id, member)
    this.checkEditable(post, member)
    const text = await this.prepare(member, 'post', body.body, place)
    await updatePost(this.db, post.id, {
      ...(body.title !== undefined && post.category ? { title: body.title } : {}),
      body: body.body,
      html: text.html,
      plain: text.plain,
      editedAt: this.date(),
    })
    return this.listedPost(post.id, member)
  }

  async deletePost(id: string, member: AuthedMember) {
    const { post } = await this.readablePost(id, member)
    if (post.authorId !== member.id && member.role !== 'admin') {
      throw forbidden('You can delete only what you wrote')
    }
    await updatePost(this.db, post.id, { deletedAt: this.date() })
    if (post.authorId !== member.id) await this.audit(member, 'community.delete', post, null)
    return { id: post.id }
  }

  /** A reply of a thread the caller may read. */
  private async readableReply(id: string, member: AuthedMember) {
    const reply = await findReply(this.db, id)
    if (!reply || !this.mayRead(reply, member)) throw notFound('There is no such reply')
    const { post, place } = await this.readablePost(reply.postId, member).catch(() => {
      throw notFound('There is no such reply')
    })
    return { reply, post, place }
  }

  async reply(
    postId: string,
    member: AuthedMember,
    body: { body: string; parentId?: string | undefined },
  ): Promise<Reply> {
    const { post, place } = await this.readablePost(postId, member)
    if (post.locked && member.role !== 'admin') {
      throw forbidden('This thread is locked: it takes no more replies')
    }
    let parentId: string | null = null
    if (body.parentId) {
      const parent = await findReply(this.db, body.parentId)
      if (!parent || parent.postId !== post.id || !this.mayRead(parent, member)) {
        throw badRequest('parentId: the reply you answer is not in this thread')
      }
      // One level deep: answering a reply to a reply answers the reply it is under.
      parentId = parent.parentId ?? parent.id
    }
    const text = await this.prepare(member, 'reply', body.body, place)
    const { reply: row, author } = await insertReply(this.db, {
      postId: post.id,
      parentId,
      authorId: member.id,
      body: body.body,
      html: text.html,
      plain: text.plain,
      at: this.date(),
    })
    await this.deps.notifications.replied(post, row, text.mentionedIds, place)
    return this.toReply(row, author, new Map(), member, post.answerId)
  }

  async editReply(id: string, member: AuthedMember, body: string): Promise<Reply> {
    const { reply, post, place } = await this.readableReply(id, member)
    this.checkEditable(reply, member)
    const text = await this.prepare(member, 'reply', body, place)
    const row = await updateReply(this.db, reply.id, {
      body,
      html: text.html,
      plain: text.plain,
      editedAt: this.date(),
    })
    const [author, reactions] = await Promise.all([
      authorOf(this.db, member.id),
      reactionsOf(this.db, [reply.id], member.id),
    ])
    return this.toReply(row!, author!, reactions, member, post.answerId)
  }

  async deleteReply(id: string, member: AuthedMember) {
    const { reply, post } = await this.readableReply(id, member)
    if (reply.authorId !== member.id && member.role !== 'admin') {
      throw forbidden('You can delete only what you wrote')
    }
    await setReplyState(this.db, reply, { deletedAt: this.date() })
    if (reply.authorId !== member.id) await this.audit(member, 'community.delete', post, reply)
    return { id: reply.id }
  }

  async react(
    postId: string,
    member: AuthedMember,
    body: { replyId?: string | undefined; reaction: ReactionKey; on: boolean },
  ) {
    const target = body.replyId
      ? (await this.readableReply(body.replyId, member)).reply
      : (await this.readablePost(postId, member)).post
    if (body.replyId && (target as ReplyRow).postId !== postId) {
      throw notFound('There is no such reply')
    }
    if (member.role !== 'admin') {
      const muted = await mutedUntil(this.db, member.id)
      if (muted && muted.getTime() > this.deps.now()) {
        throw forbidden(
          `You are muted in the community until ${dateText.format(muted)}: you can read, but not write or react.`,
        )
      }
    }
    await setReaction(
      this.db,
      { kind: body.replyId ? 'reply' : 'post', id: target.id },
      member.id,
      body.reaction,
      body.on,
      this.date(),
    )
    const reactions = await reactionsOf(this.db, [target.id], member.id)
    return { reactions: ordered(reactions.get(target.id)) }
  }

  async follow(postId: string, member: AuthedMember, following: boolean) {
    const { post } = await this.readablePost(postId, member)
    await setFollowing(this.db, member.id, post.id, following)
    return { following }
  }

  async mentions(
    member: AuthedMember,
    query: { q: string; post?: string | undefined; path?: string | undefined },
  ): Promise<Author[]> {
    const place = query.post
      ? (await this.readablePost(query.post, member)).place
      : query.path
        ? await this.lessonPlace(query.path, member)
        : FEED
    const rows = await mentionCandidates(this.db, {
      prefix: query.q.replace(/^@/, ''),
      area: place.area,
      dripDays: place.dripDays,
      now: this.date(),
      excludeId: member.id,
      limit: 8,
    })
    return rows.map(toAuthor)
  }

  async report(
    postId: string,
    member: AuthedMember,
    body: { replyId?: string | undefined; reason: ReportReason; note: string },
  ) {
    const { post, reply } = body.replyId
      ? await this.readableReply(body.replyId, member)
      : { ...(await this.readablePost(postId, member)), reply: null }
    if (reply && reply.postId !== postId) throw notFound('There is no such reply')
    const target = reply ?? post
    if (target.authorId === member.id) throw badRequest('You cannot report what you wrote')
    const added = await insertReport(this.db, {
      reporterId: member.id,
      postId: post.id,
      replyId: reply?.id ?? null,
      reason: body.reason,
      note: body.note,
      at: this.date(),
    })
    if (!added) return { message: 'You reported this already: an administrator will look at it.' }
    // Enough members agreeing hides it at once; an administrator restores it or not.
    if (
      !target.hiddenAt &&
      (await openReportCount(this.db, post.id, reply?.id ?? null)) >= REPORTS_TO_HIDE
    ) {
      if (reply) await setReplyState(this.db, reply, { hiddenAt: this.date() })
      else await updatePost(this.db, post.id, { hiddenAt: this.date() })
    }
    return { message: 'Thank you for the report: an administrator will look at it.' }
  }

  /**
   * Posts and replies matching a member's search that they may read (a lesson's only when they
   * may open the lesson), at most five, with highlighted snippets.
   */
  async search(query: SearchQuery, member: AuthedMember): Promise<RankedHit[]> {
    const rows = await searchCommunity(
      this.db,
      query,
      { id: member.id, admin: member.role === 'admin' },
      20,
      HEADLINE_OPTIONS,
    )
    return rows
      .filter(
        (row) =>
          !row.lessonPath ||
          (row.lessonKind !== null &&
            this.deps.courses.mayRead(
              { kind: row.lessonKind, area: row.area, dripDays: row.dripDays },
              row.courseArea,
              member,
            )),
      )
      .slice(0, 5)
      .map((row) => ({
        kind: 'post' as const,
        path: `/admin/community/${row.postId}${row.replyId ? `#reply-${row.replyId}` : ''}`,
        title: row.title || `A question on “${row.lessonTitle ?? 'a lesson'}”`,
        context: row.replyId ? 'Community reply' : 'Community',
        ...marked(row.headline),
        locked: false,
        rank: row.rank,
      }))
  }

  async pin(postId: string, admin: AuthedMember, pinned: boolean): Promise<Post> {
    const { post } = await this.readablePost(postId, admin)
    await updatePost(this.db, post.id, { pinned })
    await this.audit(admin, 'community.pin', post, null, pinned ? 'Pinned' : 'Unpinned')
    return this.listedPost(post.id, admin)
  }

  async lock(postId: string, admin: AuthedMember, locked: boolean): Promise<Post> {
    const { post } = await this.readablePost(postId, admin)
    await updatePost(this.db, post.id, { locked })
    await this.audit(admin, 'community.lock', post, null, locked ? 'Locked' : 'Opened')
    return this.listedPost(post.id, admin)
  }

  async answer(postId: string, admin: AuthedMember, replyId: string | null): Promise<Post> {
    const { post, place } = await this.readablePost(postId, admin)
    const reply = replyId ? await findReply(this.db, replyId) : null
    if (replyId && (!reply || reply.postId !== post.id)) {
      throw badRequest('replyId: the answer must be a reply in this thread')
    }
    await updatePost(this.db, post.id, { answerId: replyId })
    if (reply && post.answerId !== reply.id) {
      await this.deps.notifications.answered(post, reply, admin, place)
    }
    return this.listedPost(post.id, admin)
  }

  async reports(): Promise<Reported[]> {
    const rows = await openReports(this.db, 500)
    const authors = await authorsByIds(this.db, [
      ...rows.map((r) => r.report.reporterId),
      ...rows.map((r) => r.reply?.authorId ?? r.post.authorId),
    ])
    const byTarget = new Map<string, Reported>()
    for (const { report, post, reply } of rows) {
      const key = reply?.id ?? post.id
      let entry = byTarget.get(key)
      if (!entry) {
        const target = reply ?? post
        entry = {
          post: { id: post.id, title: post.title, lessonPath: post.lessonPath },
          replyId: reply?.id ?? null,
          author: toAuthor(authors.get(target.authorId)!),
          excerpt: excerptOf(target.plain, 400),
          hidden: target.hiddenAt !== null,
          reports: [],
        }
        byTarget.set(key, entry)
      }
      entry.reports.push({
        reason: report.reason as ReportReason,
        note: report.note,
        reporter: toAuthor(authors.get(report.reporterId)!),
        createdAt: report.createdAt.toISOString(),
      })
    }
    return [...byTarget.values()]
  }

  async moderate(
    postId: string,
    admin: AuthedMember,
    body: { replyId?: string | undefined; action: 'hide' | 'restore' | 'delete' | 'dismiss' },
  ) {
    const { post, reply } = body.replyId
      ? await this.readableReply(body.replyId, admin)
      : { ...(await this.readablePost(postId, admin)), reply: null }
    if (reply && reply.postId !== postId) throw notFound('There is no such reply')
    const at = this.date()
    const { action } = body
    if (reply) {
      if (action === 'hide') await setReplyState(this.db, reply, { hiddenAt: at })
      if (action === 'restore') await setReplyState(this.db, reply, { hiddenAt: null })
      if (action === 'delete') await setReplyState(this.db, reply, { deletedAt: at })
    } else {
      if (action === 'hide') await updatePost(this.db, post.id, { hiddenAt: at })
      if (action === 'restore') await updatePost(this.db, post.id, { hiddenAt: null })
      if (action === 'delete') await updatePost(this.db, post.id, { deletedAt: at })
    }
    await resolveReports(this.db, post.id, reply?.id ?? null, action, at)
    await this.audit(admin, `community.${action}`, post, reply)
    const what = reply ? 'The reply' : 'The post'
    return {
      message: {
        hide: `${what} is hidden`,
        restore: `${what} is shown again`,
        delete: `${what} is deleted`,
        dismiss: 'The reports are dismissed',
      }[action],
    }
  }

  async mute(memberId: string, admin: AuthedMember, days: number) {
    const target = await authorOf(this.db, memberId)
    if (!target) throw notFound('There is no such member')
    if (target.role === 'admin') throw badRequest('Administrators cannot be muted')
    const until = days > 0 ? new Date(this.deps.now() + days * DAY) : null
    await setMutedUntil(this.db, memberId, until)
    await recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'community.mute',
      targetEmail: (await memberEmail(this.db, memberId)) ?? memberId,
      detail: until ? `Muted for ${days} ${days === 1 ? 'day' : 'days'}` : 'Mute lifted',
    })
    return { mutedUntil: until?.toISOString() ?? null }
  }

  private async audit(
    admin: AuthedMember,
    action:
      'community.pin' | 'community.lock' | `community.${'hide' | 'restore' | 'delete' | 'dismiss'}`,
    post: PostRow,
    reply: ReplyRow | null,
    detail?: string,
  ) {
    const target = reply ?? post
    const what = reply
      ? `Reply in “${post.title || 'a lesson question'}”`
      : post.title
        ? `“${post.title}”`
        : 'A lesson question'
    await recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action,
      targetEmail: (await memberEmail(this.db, target.authorId)) ?? target.authorId,
      detail: [detail, `${what}: ${excerptOf(target.plain, 80)}`].filter(Boolean).join(' · '),
    })
  }
}

/** Reactions in the catalogue's order. */
const ordered = (list: Post['reactions'] | undefined) =>
  (list ?? []).sort(
    (a, b) =>
      REACTIONS.findIndex((r) => r.key === a.reaction) -
      REACTIONS.findIndex((r) => r.key === b.reaction),
  )

const minutes = (seconds: number) => {
  const m = Math.ceil(seconds / 60)
  return m === 1 ? '1 minute' : `${m} minutes`
}
