import type { FastifyBaseLogger } from 'fastify'

import { levelOf } from '@schemas/momentum'
import type {
  LiveEvent,
  MailChoice,
  Notification,
  NotificationKind,
  NotificationPage,
} from '@schemas/notifications'

import type { Database, Db } from '../db/client'
import { badRequest } from '../errors'
import type { PostRow, ReplyRow } from '../repos/community'
import {
  insertNotifications,
  listNotifications,
  LIVE_CHANNEL,
  mailChoice,
  markRead,
  markThreadRead,
  mayReadLesson,
  memberContacts,
  notificationsByIds,
  notificationsFor,
  setMailChoice,
  takeDigests,
  takeInstantMail,
  unreadCounts,
  type ListedNotification,
  type Recipients,
  type ThreadPlace,
} from '../repos/notifications'
import { excerptOf } from '../shared/community-markdown'
import { memberLinkTokens } from '../shared/member-link-token'
import type { AuthedMember } from './auth'
import type { BackgroundTasks } from './background'
import { toAuthor } from './community-authors'
import type { CoursesService } from './courses'
import type { Mailer } from './mailer'

const PAGE = 20
const HOUR = 60 * 60 * 1000

/** One open live stream of one member's tab. */
interface Subscriber {
  member: AuthedMember
  /** The id of the last notification sent on it. */
  lastId: number
  push(item: { id?: number; event: LiveEvent }): void
}

export interface NotificationsDeps {
  database: Database
  mailer: Mailer
  tasks: BackgroundTasks
  now: () => number
  publicUrl: string
  /** Signs the unsubscribe links of the mail. */
  secret: string
  courses: Pick<CoursesService, 'mayRead'>
  log: FastifyBaseLogger
  /** Told of each notification mail handed to the mailer, and each digest. */
  countMail?: (kind: 'instant' | 'digest') => void
  /**
   * How long a live stream stays open before the server ends it (the app opens it again, with
   * Last-Event-ID): each new one checks the token, the member's areas and role afresh. An hour,
   * give or take five minutes, so the streams of one deploy do not all end together.
   */
  streamLifetimeMs?: () => number
}

const STREAM_LIFETIME_MS = () => (55 + Math.random() * 10) * 60 * 1000

/**
 * Who hears of what in the community: notifications written with the event that causes them,
 * each instance's live streams (fed from the database's LISTEN/NOTIFY, so an event written on
 * one instance reaches members on every one), and the mail: at once, in a daily digest, or
 * never, each with a one-click unsubscribe.
 */
export class NotificationsService {
  private readonly subscribers = new Map<string, Set<Subscriber>>()
  private listening = true
  private digestTimer: NodeJS.Timeout | undefined

  private readonly tokens: ReturnType<typeof memberLinkTokens>

  constructor(private readonly deps: NotificationsDeps) {
    this.tokens = memberLinkTokens(deps.secret, 'community-mail-unsubscribe')
  }

  private get db(): Db {
    return this.deps.database.db
  }

  private date() {
    return new Date(this.deps.now())
  }

  // --- writing: called with each event of the community ---

  /** A reply: the thread's followers hear of it, those it mentions first as a mention. */
  async replied(post: PostRow, reply: ReplyRow, mentioned: string[], place: ThreadPlace) {
    await this.record(post, reply, reply.authorId, place, [
      { kind: 'mention', memberIds: mentioned },
      { kind: 'reply', memberIds: { followersOf: post.id } },
    ])
  }

  /** A post: those it mentions hear of it; an announcement reaches every member. */
  async posted(post: PostRow, mentioned: string[], place: ThreadPlace) {
    await this.record(post, null, post.authorId, place, [
      { kind: 'mention', memberIds: mentioned },
      ...(post.category === 'announcements'
        ? [{ kind: 'announcement' as const, memberIds: 'everyone' as const }]
        : []),
    ])
  }

  /** An answer marked: the one who asked and the one who answered hear of it. */
  async answered(post: PostRow, reply: ReplyRow, admin: AuthedMember, place: ThreadPlace) {
    await this.record(post, reply, admin.id, place, [
      { kind: 'answer', memberIds: [post.authorId, reply.authorId] },
    ])
  }

  private async record(
    post: PostRow,
    reply: ReplyRow | null,
    actorId: string,
    place: ThreadPlace,
    groups: Recipients[],
  ) {
    const at = this.date()
    const written = await insertNotifications(this.db, {
      postId: post.id,
      replyId: reply?.id ?? null,
      actorId,
      at,
      groups,
      visible: mayReadLesson(place.area, place.dripDays, at),
      // Mail goes for mentions and replies; the rest are shown in the app only.
      mailedKinds: ['answer', 'announcement'],
      place,
    })
    const toMail = written.filter((w) => w.kind === 'mention' || w.kind === 'reply')
    if (toMail.length > 0) this.deps.tasks.run(() => this.mailAtOnce(toMail.map((w) => w.id)))
  }

  // --- reading ---

  private mayRead(member: AuthedMember, row: ListedNotification) {
    if (!row.lessonPath || !row.lessonKind) return true
    return this.deps.courses.mayRead(
      { kind: row.lessonKind, area: row.lessonArea, dripDays: row.lessonDripDays },
      row.courseArea,
      member,
    )
  }

  private toWire(row: ListedNotification): Notification {
    return {
      id: row.id,
      kind: row.kind as NotificationKind,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
      actor: row.actor ? toAuthor(row.actor) : null,
      post: {
        id: row.postId,
        title: row.postTitle,
        lesson:
          row.lessonPath !== null ? { path: row.lessonPath, title: row.lessonTitle ?? '' } : null,
      },
      replyId: row.replyId,
      excerpt: excerptOf(row.replyPlain ?? row.postPlain, 160),
    }
  }

  async list(member: AuthedMember, before: number | undefined): Promise<NotificationPage> {
    const [rows, unread] = await Promise.all([
      listNotifications(this.db, member.id, { before, limit: PAGE + 1 }),
      unreadCounts(this.db, [member.id]),
    ])
    const page = rows.slice(0, PAGE)
    return {
      items: page.filter((row) => this.mayRead(member, row)).map((row) => this.toWire(row)),
      unread: unread.get(member.id) ?? 0,
      nextBefore: rows.length > PAGE ? page.at(-1)!.id : null,
    }
  }

  async read(member: AuthedMember, which: { ids: number[]; all: boolean }) {
    await markRead(this.db, member.id, which, this.date())
    return { unread: (await unreadCounts(this.db, [member.id])).get(member.id) ?? 0 }
  }

  /** Opening a thread reads what the member was told of it. */
  async threadRead(member: AuthedMember, postId: string) {
    await markThreadRead(this.db, member.id, postId, this.date())
  }

  async settings(member: AuthedMember) {
    return { mail: await mailChoice(this.db, member.id) }
  }

  async saveSettings(member: AuthedMember, mail: MailChoice) {
    await setMailChoice(this.db, member.id, mail)
    return { mail }
  }

  // --- mail ---

  /** `<member id>.<signature>`: stops a member's community mail, without signing in. */
  unsubscribeToken(memberId: string) {
    return this.tokens.token(memberId)
  }

  async unsubscribe(token: string) {
    const memberId = this.tokens.memberOf(token)
    if (!memberId) {
      throw badRequest(
        'This unsubscribe link is not valid: change your e-mail settings in your profile',
      )
    }
    const known = await memberContacts(this.db, [memberId])
    if (known.size > 0) await setMailChoice(this.db, memberId, 'never')
    return {
      message:
        'You will get no more community e-mails. Mentions and replies still show in the app, and you can turn the e-mails back on in your profile.',
    }
  }

  private links(memberId: string) {
    const token = encodeURIComponent(this.unsubscribeToken(memberId))
    return {
      oneClick: `${this.deps.publicUrl}/api/notifications/unsubscribe?token=${token}`,
      page: `${this.deps.publicUrl}/auth/unsubscribe?token=${token}`,
      settings: `${this.deps.publicUrl}/admin/notifications#settings`,
    }
  }

  private threadLink(row: ListedNotification) {
    return `${this.deps.publicUrl}/admin/community/${row.postId}${row.replyId ? `#reply-${row.replyId}` : ''}`
  }

  private about(row: ListedNotification) {
    return row.postTitle ? `“${row.postTitle}”` : `a question on “${row.lessonTitle ?? 'a lesson'}”`
  }

  private line(row: ListedNotification) {
    const who = row.actor ? toAuthor(row.actor).name : 'Someone'
    return row.kind === 'mention'
      ? `${who} mentioned you in ${this.about(row)}`
      : `${who} replied in ${this.about(row)}`
  }

  private footer(memberId: string) {
    const links = this.links(memberId)
    return [
      '—',
      'You get this because you follow this thread or were mentioned in it.',
      `Choose at once, a daily digest or never: ${links.settings}`,
      `Stop these e-mails: ${links.page}`,
    ].join('\n')
  }

  /** The mail of notifications that go at once; marked mailed before it is sent. */
  private async mailAtOnce(ids: number[]) {
    const taken = await takeInstantMail(this.db, ids, this.date())
    const sending = taken.filter((t) => t.mail === 'instant')
    if (sending.length === 0) return
    const rows = new Map(
      (
        await notificationsByIds(
          this.db,
          sending.map((t) => t.id),
        )
      ).map((r) => [r.id, r]),
    )
    for (const { id, email, firstName } of sending) {
      const row = rows.get(id)
      if (!row) continue
      const text = [
        `Hi ${firstName || 'there'},`,
        '',
        `${this.line(row)}:`,
        '',
        `“${excerptOf(row.replyPlain ?? row.postPlain, 400)}”`,
        '',
        `Read and reply: ${this.threadLink(row)}`,
        '',
        this.footer(row.memberId),
      ].join('\n')
      await this.deps.mailer.send({
        to: email,
        subject: this.line(row),
        text,
        link: this.threadLink(row),
        unsubscribe: this.links(row.memberId).oneClick,
      })
      this.deps.countMail?.('instant')
    }
  }

  /** Sends the daily digests that are due: each member's unmailed notifications in one mail. */
  async sendDigests() {
    for (;;) {
      const taken = await takeDigests(this.db, this.date())
      if (!taken) return
      const [rows, contacts] = await Promise.all([
        notificationsByIds(this.db, taken.ids),
        memberContacts(this.db, taken.memberIds),
      ])
      for (const memberId of taken.memberIds) {
        const own = rows.filter((r) => r.memberId === memberId).reverse()
        const contact = contacts.get(memberId)
        if (own.length === 0 || !contact) continue
        const items = own
          .slice(0, 30)
          .map(
            (row) =>
              `• ${this.line(row)}\n  “${excerptOf(row.replyPlain ?? row.postPlain, 160)}”\n  ${this.threadLink(row)}`,
          )
        const more = own.length > 30 ? [`…and ${own.length - 30} more in the app.`] : []
        await this.deps.mailer.send({
          to: contact.email,
          subject:
            own.length === 1
              ? 'Your community digest: 1 new mention or reply'
              : `Your community digest: ${own.length} new mentions and replies`,
          text: [
            `Hi ${contact.firstName || 'there'},`,
            '',
            'Here is what happened in the community since your last digest:',
            '',
            ...items,
            ...more,
            '',
            this.footer(memberId),
          ].join('\n'),
          link: `${this.deps.publicUrl}/admin/community`,
          unsubscribe: this.links(memberId).oneClick,
        })
        this.deps.countMail?.('digest')
      }
    }
  }

  // --- live ---

  /** Starts hearing of notifications and activity from every instance, and the digests' hour. */
  async start(): Promise<() => Promise<void>> {
    const unlisten = await this.deps.database.listen(LIVE_CHANNEL, {
      notify: (payload) => this.deps.tasks.run(() => this.heard(payload)),
      live: (listening) => {
        const back = listening && !this.listening
        this.listening = listening
        if (back) this.deps.tasks.run(() => this.catchUp())
      },
    })
    this.digestTimer = setInterval(() => this.deps.tasks.run(() => this.sendDigests()), HOUR)
    this.digestTimer.unref()
    return async () => {
      clearInterval(this.digestTimer)
      await unlisten()
    }
  }

  private async heard(payload: string) {
    const [type, ...parts] = payload.split(':')
    if (type === 'n') {
      const memberIds = [...this.subscribers.keys()]
      if (memberIds.length === 0) return
      await this.deliver(memberIds, Number(parts[0]), Number(parts[1]))
    } else if (type === 'p') {
      // A member's points changed (migration 0026): their own screens show the new total.
      const [memberId, total] = parts
      const points = Number(total)
      for (const sub of this.subscribers.get(memberId!) ?? []) {
        sub.push({ event: { type: 'points', points, level: levelOf(points) } })
      }
    } else if (type === 'a') {
      const [postId, lessonPath, area, drip] = parts
      const event: LiveEvent = {
        type: 'activity',
        postId: postId!,
        lessonPath: lessonPath === '-' ? null : lessonPath!,
      }
      const place = {
        area: area === '-' ? null : area!,
        dripDays: drip === '-' ? null : Number(drip),
      }
      for (const subs of this.subscribers.values()) {
        for (const sub of subs) {
          if (this.mayReadPlace(sub.member, place)) sub.push({ event })
        }
      }
    }
  }

  private mayReadPlace(
    member: AuthedMember,
    place: { area: string | null; dripDays: number | null },
  ) {
    return this.deps.courses.mayRead(
      { kind: 'lesson', area: place.area, dripDays: place.dripDays },
      null,
      member,
    )
  }

  /** Sends the notifications with ids in (afterId, toId] to those of `memberIds` connected here. */
  private async deliver(memberIds: string[], afterId: number, toId?: number) {
    const rows = await notificationsFor(this.db, memberIds, { afterId, ...(toId ? { toId } : {}) })
    if (rows.length === 0) return
    const unread = await unreadCounts(this.db, [...new Set(rows.map((r) => r.memberId))])
    for (const row of rows.reverse()) {
      for (const sub of this.subscribers.get(row.memberId) ?? []) {
        if (!this.mayRead(sub.member, row)) continue
        sub.push({
          id: row.id,
          event: {
            type: 'notification',
            notification: this.toWire(row),
            unread: unread.get(row.memberId) ?? 0,
          },
        })
      }
    }
  }

  /** After the database's news was lost a while: what each stream missed. */
  private async catchUp() {
    for (const [memberId, subs] of this.subscribers) {
      const since = Math.min(...[...subs].map((s) => s.lastId))
      await this.deliver([memberId], since)
    }
  }

  /** How many live streams this instance holds open. */
  get openStreams() {
    let n = 0
    for (const subs of this.subscribers.values()) n += subs.size
    return n
  }

  /**
   * One tab's live stream: a hello with the unread count, what came after `lastEventId` when it
   * resumes, then each event as it happens, until `signal` aborts.
   */
  async stream(
    member: AuthedMember,
    lastEventId: number | undefined,
    signal: AbortSignal,
  ): Promise<AsyncIterable<{ id?: number; event: LiveEvent }>> {
    const queue: { id?: number; event: LiveEvent }[] = []
    let wake: (() => void) | undefined
    const sub: Subscriber = {
      member,
      lastId: lastEventId ?? 0,
      push: (item) => {
        queue.push(item)
        wake?.()
      },
    }
    // Listening before reading the backlog: nothing written in between is lost.
    const own = this.subscribers.get(member.id) ?? new Set()
    own.add(sub)
    this.subscribers.set(member.id, own)
    const stop = () => wake?.()
    signal.addEventListener('abort', stop)
    let ended = false
    const lifetime = setTimeout(
      () => {
        ended = true
        stop()
      },
      (this.deps.streamLifetimeMs ?? STREAM_LIFETIME_MS)(),
    )
    lifetime.unref()
    const remove = () => {
      clearTimeout(lifetime)
      signal.removeEventListener('abort', stop)
      own.delete(sub)
      if (own.size === 0 && this.subscribers.get(member.id) === own) {
        this.subscribers.delete(member.id)
      }
    }
    let unread: number
    let backlog: ListedNotification[] = []
    try {
      unread = (await unreadCounts(this.db, [member.id])).get(member.id) ?? 0
      if (lastEventId !== undefined) {
        backlog = (await notificationsFor(this.db, [member.id], { afterId: lastEventId }))
          .filter((row) => this.mayRead(member, row))
          .reverse()
      }
    } catch (error) {
      remove()
      throw error
    }
    const toWire = (row: ListedNotification) => this.toWire(row)
    // Ids already sent (the backlog and the live news may both hold one; transactions may commit
    // out of id order, so the highest id sent does not tell).
    const sent = new Set<number>()
    const fresh = (id: number | undefined) => {
      if (id === undefined) return true
      if (sent.has(id)) return false
      sent.add(id)
      if (sent.size > 1000) sent.delete(sent.values().next().value!)
      sub.lastId = Math.max(sub.lastId, id)
      return true
    }
    return (async function* () {
      try {
        yield { event: { type: 'hello', unread } satisfies LiveEvent }
        for (const row of backlog) {
          if (!fresh(row.id)) continue
          yield {
            id: row.id,
            event: { type: 'notification', notification: toWire(row), unread } satisfies LiveEvent,
          }
        }
        while (!signal.aborted && !ended) {
          const item = queue.shift()
          if (!item) {
            await new Promise<void>((resolve) => (wake = resolve))
            wake = undefined
            continue
          }
          if (fresh(item.id)) yield item
        }
      } finally {
        remove()
      }
    })()
  }
}
