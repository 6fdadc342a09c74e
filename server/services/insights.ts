import { areaLabel, type AreaKey } from '@schemas/access'
import {
  IDLE_DAYS,
  MIN_GROUP_SIZE,
  NUDGE_LABELS,
  type CourseInsights,
  type LearningEarnings,
  type Nudge,
  type NudgeDraft,
  type NudgeKind,
  type SaleGroup,
  type Timeline,
} from '@schemas/insights'

import type { Db } from '../db/client'
import { HttpError, notFound } from '../errors'
import { recordAudit } from '../repos/audit'
import {
  areaStart,
  idleMembers,
  lastWritten,
  nextInModule,
  stoppedMembers,
  unopenedMembers,
  type IdleRow,
  type StoppedRow,
  type UnopenedRow,
  type Window,
} from '../repos/insight-nudges'
import {
  courseFunnelFigures,
  courseModules,
  findCourseRow,
  saleGroups,
  timelineRows,
  type SaleGroupRow,
} from '../repos/insights'
import type { AuthedMember } from './auth'
import { reminderDraft, type ReminderFacts } from './insight-mail'
import type { Mailer } from './mailer'

const DAY = 24 * 60 * 60 * 1000

const iso = (ms: number) => new Date(ms).toISOString()
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places
const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

const displayName = (m: { firstName: string; lastName: string; username: string; email: string }) =>
  `${m.firstName.trim()} ${m.lastName.trim()}`.trim() || m.username.trim() || m.email

export const NO_LONGER_NEEDED = 'This member does not need this reminder any more'

export interface InsightsDeps {
  db: Db
  mailer: Mailer
  now: () => number
  /** The site's address, for the link in a reminder. */
  publicUrl: string
}

type NudgeRow = IdleRow | StoppedRow | UnopenedRow

/** What administrators learn of how members learn and earn, and the reminders they send. */
export class InsightsService {
  constructor(private readonly deps: InsightsDeps) {}

  private get db() {
    return this.deps.db
  }

  private idleBefore() {
    return new Date(this.deps.now() - IDLE_DAYS * DAY)
  }

  async courses(): Promise<CourseInsights> {
    const f = await courseFunnelFigures(this.db, this.idleBefore())
    const admins = new Map(f.adminReach.map((r) => [r.path, r]))
    return {
      members: f.members,
      courses: f.courses.map((course) => {
        const groups = f.groups.filter((g) => g.courseKey === course.key)
        const median = f.medians.find((x) => x.courseKey === course.key)?.medianDays
        const lessons = f.lessons
          .filter((l) => l.courseKey === course.key)
          .map((l) => {
            const own = admins.get(l.path)
            const reached = l.reached - (own?.reached ?? 0)
            const positionSum = l.positionSum - (own?.positionSum ?? 0)
            return {
              path: l.path,
              title: l.title,
              module: l.module,
              order: 0,
              readingMinutes: l.readingMinutes,
              reached,
              completed: l.completed - (own?.completed ?? 0),
              averagePosition: reached > 0 ? round(Math.max(0, positionSum) / reached, 3) : null,
            }
          })
          .map((l, i) => ({ ...l, order: i + 1 }))
        // A member stopped at the lesson after the furthest one they completed (the first
        // lesson when they completed none); the most of them decide, the earliest on a tie.
        const stoppedAt = new Map<number, number>()
        for (const group of groups.filter((g) => g.stopped > 0)) {
          const at = group.furthestPath
            ? lessons.findIndex((l) => l.path === group.furthestPath) + 1
            : 0
          if (at < lessons.length) stoppedAt.set(at, (stoppedAt.get(at) ?? 0) + group.stopped)
        }
        let most: { at: number; members: number } | null = null
        for (const [at, members] of stoppedAt) {
          if (!most || members > most.members || (members === most.members && at < most.at)) {
            most = { at, members }
          }
        }
        const stop = most ? lessons[most.at]! : null
        return {
          key: course.key,
          title: course.title,
          started: groups.reduce((n, g) => n + g.started, 0),
          completed: groups.reduce((n, g) => n + g.completed, 0),
          medianDaysToComplete: median == null ? null : round(median, 1),
          lessons,
          mostStopAt:
            stop && most ? { path: stop.path, title: stop.title, members: most.members } : null,
        }
      }),
    }
  }

  private rows(kind: NudgeKind, w: Window): Promise<{ rows: NudgeRow[]; total: number }> {
    switch (kind) {
      case 'idle':
        return idleMembers(this.db, this.idleBefore(), w)
      case 'stopped':
        return stoppedMembers(this.db, this.idleBefore(), w)
      case 'unopened':
        return unopenedMembers(this.db, w)
    }
  }

  private toNudge(kind: NudgeKind, row: NudgeRow, written: Map<string, number>): Nudge {
    const base = {
      memberId: row.memberId,
      name: displayName(row),
      email: row.email,
      kind,
      since: iso(row.since),
      lastWrittenAt: written.has(row.email) ? iso(written.get(row.email)!) : null,
    }
    if (kind === 'idle') {
      const r = row as IdleRow
      const screen = `“${r.lessonTitle ?? r.path}”`
      return {
        ...base,
        subject: r.courseTitle ?? r.lessonTitle ?? r.path,
        detail:
          r.courseKey && r.lessonsTotal
            ? `Completed ${r.lessonsCompleted ?? 0} of ${r.lessonsTotal} lessons, last opened ${screen}`
            : `Last opened ${screen}`,
      }
    }
    if (kind === 'stopped') {
      const r = row as StoppedRow
      return {
        ...base,
        subject: r.courseTitle,
        detail: `Completed ${r.lessonsCompleted} of ${r.lessonsTotal} lessons of module ${r.module}`,
      }
    }
    const r = row as UnopenedRow
    const more = r.areas - 1
    return {
      ...base,
      subject: areaLabel(r.area as AreaKey),
      detail:
        `Has it since ${dateText.format(r.since)} and never opened it` +
        (more > 0 ? ` (and ${more} more ${more === 1 ? 'area' : 'areas'})` : ''),
    }
  }

  async nudges(kind: NudgeKind, page: number, pageSize: number) {
    const offset = (page - 1) * pageSize
    const { rows, total: counted } = await this.rows(kind, { limit: pageSize, offset })
    // Past the last page the page's own count is not there: count from the first page.
    const total =
      rows.length === 0 && page > 1
        ? (await this.rows(kind, { limit: 1, offset: 0 })).total
        : counted
    const written = await lastWritten(
      this.db,
      rows.map((r) => r.email),
    )
    return { items: rows.map((r) => this.toNudge(kind, r, written)), total, page, pageSize }
  }

  /** The member's entry in a list, with what a reminder needs; 404 when they are not in it. */
  private async reminderFacts(memberId: string, kind: NudgeKind): Promise<ReminderFacts> {
    const [row] = (await this.rows(kind, { limit: 1, offset: 0, memberId })).rows
    if (!row) throw notFound(NO_LONGER_NEEDED)
    const nudge = this.toNudge(kind, row, await lastWritten(this.db, [row.email]))
    const url = (path: string) => this.deps.publicUrl + path
    const facts = { nudge, firstName: row.firstName.trim() }
    if (kind === 'idle') {
      const r = row as IdleRow
      return { ...facts, place: { title: r.lessonTitle ?? r.path, url: url(r.path) } }
    }
    if (kind === 'stopped') {
      const r = row as StoppedRow
      const next = await nextInModule(this.db, memberId, r.courseKey, r.module)
      const title = r.modules.find((m) => m.number === r.module)?.title ?? ''
      return {
        ...facts,
        place: next ? { title: next.title, url: url(next.path) } : { title: '', url: url('/') },
        module: {
          number: r.module,
          title,
          completed: r.lessonsCompleted,
          total: r.lessonsTotal,
        },
      }
    }
    const r = row as UnopenedRow
    const start = await areaStart(this.db, r.area)
    return {
      ...facts,
      place: start ? { title: start.title, url: url(start.path) } : { title: '', url: url('/') },
    }
  }

  async draft(memberId: string, kind: NudgeKind): Promise<NudgeDraft> {
    return reminderDraft(kind, await this.reminderFacts(memberId, kind))
  }

  /** Sends the administrator's (possibly changed) reminder and records it in the audit log. */
  async send(
    admin: AuthedMember,
    message: { memberId: string; kind: NudgeKind; subject: string; body: string },
  ): Promise<{ sentAt: string }> {
    const facts = await this.reminderFacts(message.memberId, message.kind).catch((error) => {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw new HttpError(409, NO_LONGER_NEEDED)
      }
      throw error
    })
    await this.deps.mailer.send({
      to: facts.nudge.email,
      subject: message.subject,
      text: message.body,
      link: facts.place.url,
    })
    const sentAt = new Date(this.deps.now())
    await recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'member.nudge',
      targetEmail: facts.nudge.email,
      detail: `${NUDGE_LABELS[message.kind]}: ${message.subject}`,
      at: sentAt,
    })
    return { sentAt: sentAt.toISOString() }
  }

  async learningEarnings(courseKey: string): Promise<LearningEarnings> {
    const course = await findCourseRow(this.db, courseKey)
    if (!course) throw notFound('Course not found')
    const [{ groups, membersWithEarnings }, modules] = await Promise.all([
      saleGroups(this.db, courseKey),
      courseModules(this.db, courseKey),
    ])
    const byKey = new Map(groups.map((g) => [g.groupKey, g]))
    const group = (label: string, key: string) => saleGroup(label, byKey.get(key))
    return {
      course: { key: course.key, title: course.title },
      membersWithEarnings,
      overall: group('All members with earnings', 'overall'),
      byCompletion: [
        group('Completed none', 'none'),
        group('Completed some', 'some'),
        group('Completed all', 'all'),
      ],
      byModule: modules.map(({ module }) => ({
        module,
        title: course.modules.find((m) => m.number === module)?.title ?? `Module ${module}`,
        completed: group(`Completed module ${module}`, `m${module}:done`),
        notCompleted: group(`Did not complete module ${module}`, `m${module}:open`),
      })),
    }
  }

  async timeline(memberId: string): Promise<Timeline> {
    const rows = await timelineRows(this.db, memberId)
    if (!rows) throw notFound('Member not found')
    const { member } = rows
    const events: Timeline['events'] = []
    const labels = (keys: string[]) => keys.map((k) => areaLabel(k as AreaKey)).join(', ')
    // The areas at joining: today's areas with every later change in the audit log undone.
    const atJoining = new Set(member.areas)
    for (const change of rows.access) {
      const { granted, removed } = accessChange(change.detail)
      for (const a of granted) atJoining.delete(a)
      for (const a of removed) atJoining.add(a)
      const words = [
        granted.length ? `Access granted: ${labels(granted)}` : '',
        removed.length ? `Access removed: ${labels(removed)}` : '',
      ].filter(Boolean)
      if (words.length) events.push({ at: iso(change.at), kind: 'access', text: words.join('; ') })
    }
    events.push({
      at: iso(member.createdAt),
      kind: 'joined',
      text: atJoining.size ? `Joined with ${labels([...atJoining])}` : 'Joined',
    })
    for (const l of rows.lessons) {
      const where = l.courseTitle ? ` in ${l.courseTitle}` : ''
      events.push({ at: iso(l.at), kind: 'lesson', text: `Completed “${l.title}”${where}` })
    }
    for (const c of rows.certificates) {
      const revoked = c.revoked ? ' (since revoked)' : ''
      events.push({
        at: iso(c.at),
        kind: 'certificate',
        text: `Certificate issued for ${c.courseTitle}${revoked}`,
      })
    }
    for (const n of rows.nudges) {
      events.push({ at: iso(n.at), kind: 'nudge', text: `Nudge e-mailed: ${n.detail}` })
    }
    if (rows.firstSaleAt !== null) {
      // Members often sold before they joined: such a sale is dated as it was, before joining.
      const before = rows.firstSaleAt < member.createdAt
      const days = Math.floor(Math.abs(rows.firstSaleAt - member.createdAt) / DAY)
      const span = `${days} ${days === 1 ? 'day' : 'days'}`
      events.push({
        at: iso(rows.firstSaleAt),
        kind: 'firstSale',
        text: before
          ? `First recorded sale, ${span} before joining`
          : days === 0
            ? 'First sale, on the day they joined'
            : `First sale, ${span} after joining`,
      })
    }
    if (rows.lastSeenAt !== null) {
      events.push({ at: iso(rows.lastSeenAt), kind: 'lastSeen', text: 'Last seen' })
    }
    // Newest first; at the same moment, the later step of a member's way first.
    const rank = (k: Timeline['events'][number]['kind']) =>
      ['joined', 'access', 'lesson', 'certificate', 'nudge', 'firstSale', 'lastSeen'].indexOf(k)
    events.sort((a, b) => b.at.localeCompare(a.at) || rank(b.kind) - rank(a.kind))
    return {
      member: { id: member.id, name: displayName(member), email: member.email },
      events,
      counts: {
        lessonsCompleted: rows.lessons.length,
        notes: rows.counts.notes,
        aiUses: rows.counts.generations + rows.counts.questions,
      },
      lastSeenAt: rows.lastSeenAt === null ? null : iso(rows.lastSeenAt),
    }
  }
}

/** An access change as the audit log words it: "granted a, b; removed c". */
export function accessChange(detail: string) {
  const part = (word: string) =>
    detail
      .split('; ')
      .find((p) => p.startsWith(`${word} `))
      ?.slice(word.length + 1)
      .split(', ')
      .filter(Boolean) ?? []
  return { granted: part('granted'), removed: part('removed') }
}

/** One group's figures, none of them (not even its size) under MIN_GROUP_SIZE members. */
function saleGroup(label: string, row: SaleGroupRow | undefined): SaleGroup {
  const n = row?.members ?? 0
  if (!row || n < MIN_GROUP_SIZE) {
    return {
      label,
      members: null,
      shown: false,
      medianDaysToFirstSale: null,
      within30: null,
      within60: null,
      within90: null,
    }
  }
  const share = (count: number) => round(count / n, 4)
  return {
    label,
    members: n,
    shown: true,
    medianDaysToFirstSale: row.medianDays === null ? null : round(row.medianDays, 1),
    within30: share(row.within30),
    within60: share(row.within60),
    within90: share(row.within90),
  }
}
