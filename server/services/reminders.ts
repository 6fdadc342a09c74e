import type { FastifyBaseLogger } from 'fastify'

import { levelOf, nextLevel } from '@schemas/momentum'
import { REMINDER_KINDS, type ReminderKind, type ReminderSettings } from '@schemas/reminders'

import type { Db } from '../db/client'
import { badRequest } from '../errors'
import {
  reminderChoice,
  saveReminderChoice,
  stopReminder,
  takeDue,
  topPosts,
  weekFigures,
  type Due,
  type DueContinue,
  type DueEvent,
  type DueWeekly,
} from '../repos/reminders'
import { memberLinkTokens } from '../shared/member-link-token'
import type { BackgroundTasks } from './background'
import type { Mailer } from './mailer'

export interface RemindersDeps {
  db: Db
  mailer: Mailer
  tasks: BackgroundTasks
  now: () => number
  publicUrl: string
  /** Signs the unsubscribe links. */
  secret: string
  log: FastifyBaseLogger
  /** Minutes between runs of the schedule; 0 turns it off (a run on request still works). */
  intervalMinutes: number
  /** Counts each reminder handed to the mailer, and each run by how it ended. */
  countSent?: (kind: ReminderKind) => void
  countRun?: (outcome: 'done' | 'busy' | 'failed') => void
}

const DAY = 24 * 60 * 60 * 1000
/** Reminders taken and mailed together: a run holds no more than this in memory at once. */
const BATCH = 500

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The end of every reminder: why it came, where to change it, and how to stop it. */
const footer = (links: { settings: string; page: string }, why: string) =>
  [
    '—',
    `You get this because you chose ${why}.`,
    `Change your reminders: ${links.settings}`,
    `Stop these e-mails: ${links.page}`,
  ].join('\n')

/**
 * The reminder e-mails members choose: "continue where you left off" after 3 idle days (at most
 * one a week), an event starting within 24 hours, and a weekly summary on Monday morning in the
 * member's time zone. Nothing goes to a member who has not chosen. A schedule runs them on every
 * instance; each reminder is recorded before its mail goes out, under a lock only one instance
 * holds at a time, so none is sent twice, by two instances or across a restart. Each mail has a
 * one-click unsubscribe (RFC 8058) for its kind.
 */
export class RemindersService {
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly formats = new Map<string, Intl.DateTimeFormat>()
  private readonly tokens: ReturnType<typeof memberLinkTokens>

  constructor(private readonly deps: RemindersDeps) {
    this.tokens = memberLinkTokens(deps.secret, 'reminder-unsubscribe')
  }

  private get db() {
    return this.deps.db
  }

  async settings(memberId: string): Promise<ReminderSettings> {
    const row = await reminderChoice(this.db, memberId)
    // Before a choice: what the choice offers ticked, and nothing sent.
    if (!row) return { continue: true, events: true, weekly: true, chosen: false }
    return {
      continue: row.continueMail,
      events: row.eventMail,
      weekly: row.weeklyMail,
      chosen: true,
    }
  }

  async save(memberId: string, choice: { continue: boolean; events: boolean; weekly: boolean }) {
    await saveReminderChoice(this.db, memberId, choice, new Date(this.deps.now()))
    return this.settings(memberId)
  }

  // --- unsubscribe ---

  /** `<member id>.<signature>`: stops a member's reminders of a kind, without signing in. */
  unsubscribeToken(memberId: string) {
    return this.tokens.token(memberId)
  }

  async unsubscribe(token: string, kind: ReminderKind) {
    const memberId = this.tokens.memberOf(token)
    if (!memberId) {
      throw badRequest(
        'This unsubscribe link is not valid: change your reminders on the notifications screen',
      )
    }
    await stopReminder(this.db, memberId, kind, new Date(this.deps.now()))
    const what = {
      continue: '“continue where you left off” reminders',
      events: 'event reminders',
      weekly: 'weekly summaries',
    }[kind]
    return {
      message: `You will get no more ${what}. You can turn them back on under Notifications, in your reminder settings.`,
    }
  }

  private links(memberId: string, kind: ReminderKind) {
    const token = encodeURIComponent(this.unsubscribeToken(memberId))
    return {
      oneClick: `${this.deps.publicUrl}/api/reminders/unsubscribe?token=${token}&kind=${kind}`,
      page: `${this.deps.publicUrl}/auth/unsubscribe?token=${token}&list=${kind}`,
      settings: `${this.deps.publicUrl}/admin/notifications#reminders`,
    }
  }

  private when(at: Date, timeZone: string | null, allDay: boolean) {
    const zone = timeZone ?? 'UTC'
    const key = `${zone} ${allDay}`
    let format = this.formats.get(key)
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        dateStyle: 'full',
        ...(allDay ? {} : { timeStyle: 'short' }),
      })
      this.formats.set(key, format)
    }
    return `${format.format(at)}${allDay ? ' (all day)' : timeZone ? '' : ' UTC'}`
  }

  // --- the mails ---

  private continueMail(due: DueContinue) {
    const link = `${this.deps.publicUrl}${due.path}`
    const links = this.links(due.memberId, 'continue')
    return {
      to: due.email,
      subject: `Continue where you left off: ${due.title}`,
      text: [
        `Hi ${due.firstName || 'there'},`,
        '',
        `You last opened “${due.title}” on ${this.when(new Date(due.lastAt), due.timeZone, true).replace(' (all day)', '')}.`,
        'The lesson opens where you stopped reading. Ten minutes today keeps what you learned fresh.',
        '',
        `Continue: ${link}`,
        '',
        footer(links, 'reminders to continue after 3 days away'),
      ].join('\n'),
      link,
      unsubscribe: links.oneClick,
      unsubscribePage: links.page,
    }
  }

  private eventMail(due: DueEvent) {
    const link = `${this.deps.publicUrl}/admin/calendar`
    const links = this.links(due.memberId, 'events')
    return {
      to: due.email,
      subject: `Starting soon: ${due.title}`,
      text: [
        `Hi ${due.firstName || 'there'},`,
        '',
        `“${due.title}” starts ${this.when(new Date(due.startsAt), due.timeZone, due.allDay)}${due.location ? `, at ${due.location}` : ''}.`,
        '',
        `Your calendar: ${link}`,
        '',
        footer(links, 'reminders of your events'),
      ].join('\n'),
      link,
      unsubscribe: links.oneClick,
      unsubscribePage: links.page,
    }
  }

  /** The weekly summaries of a batch: the week's figures read for the batch at once. */
  async weeklyMails(batch: DueWeekly[], since: Date, highlights: string[]) {
    const figures = await weekFigures(
      this.db,
      batch.map((d) => d.memberId),
      since,
    )
    const dashboard = `${this.deps.publicUrl}/admin/dashboard`
    return batch.map((due) => {
      const f = figures.get(due.memberId) ?? { lessons: 0, points: 0, total: 0 }
      const links = this.links(due.memberId, 'weekly')
      const next = nextLevel(f.total)
      const level = `level ${levelOf(f.total)} with ${plural(f.total, 'point')}${next ? `; ${plural(next.missing, 'point')} more to level ${next.level}` : ''}`
      return {
        to: due.email,
        subject:
          f.lessons > 0
            ? `Your week: ${plural(f.lessons, 'lesson')} completed, ${plural(f.points, 'point')}`
            : 'Your week in the Members Area',
        text: [
          `Hi ${due.firstName || 'there'},`,
          '',
          'Here is your last week:',
          `• Lessons completed: ${f.lessons}`,
          `• Points earned: ${f.points} (you are ${level})`,
          ...(f.lessons === 0
            ? ['', 'No lesson this week. One lesson a few times a week is how a course gets done.']
            : []),
          ...(highlights.length > 0
            ? ['', 'The community’s most liked posts this week:', ...highlights]
            : []),
          '',
          `Your dashboard: ${dashboard}`,
          '',
          footer(links, 'a weekly summary'),
        ].join('\n'),
        link: dashboard,
        unsubscribe: links.oneClick,
        unsubscribePage: links.page,
      }
    })
  }

  // --- the schedule ---

  /**
   * Sends the reminders due now: each kind in batches until none is left. `ran` is false when
   * another instance was sending (it sends them).
   */
  async run() {
    const now = new Date(this.deps.now())
    const sent = { continue: 0, events: 0, weekly: 0 }
    const since = new Date(now.getTime() - 7 * DAY)
    let highlights: string[] | undefined
    try {
      for (const kind of REMINDER_KINDS) {
        // An event may have a sibling of the same member in the next batch: events start over.
        let after: string | null = null
        for (;;) {
          const due: Due[] | null = await takeDue(this.db, kind, now, BATCH, after)
          if (due === null) {
            this.deps.countRun?.('busy')
            return { ran: false, sent }
          }
          if (due.length === 0) break
          if (kind !== 'events') after = due[due.length - 1]!.memberId
          let mails
          if (kind === 'continue') mails = (due as DueContinue[]).map((d) => this.continueMail(d))
          else if (kind === 'events') mails = (due as DueEvent[]).map((d) => this.eventMail(d))
          else {
            highlights ??= (await topPosts(this.db, since, 3)).map(
              (p) =>
                `• “${p.title}” (${plural(p.likes, 'like')}): ${this.deps.publicUrl}/admin/community/${p.id}`,
            )
            mails = await this.weeklyMails(due, since, highlights)
          }
          for (const mail of mails) {
            await this.deps.mailer.send(mail)
            this.deps.countSent?.(kind)
            sent[kind]++
          }
        }
      }
    } catch (error) {
      this.deps.countRun?.('failed')
      throw error
    }
    this.deps.countRun?.('done')
    return { ran: true, sent }
  }

  /** Runs the schedule every `intervalMinutes` (none at 0). Returns its stop. */
  start() {
    if (this.deps.intervalMinutes <= 0) return async () => {}
    this.timer = setInterval(
      () =>
        this.deps.tasks.run(async () => {
          try {
            const { ran, sent } = await this.run()
            const total = sent.continue + sent.events + sent.weekly
            if (ran && total > 0) this.deps.log.info({ sent }, `reminders sent: ${total}`)
          } catch (error) {
            this.deps.log.error({ err: error }, 'reminders could not be sent')
          }
        }),
      this.deps.intervalMinutes * 60 * 1000,
    )
    this.timer.unref()
    return async () => clearInterval(this.timer)
  }
}
