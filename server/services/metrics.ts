import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CollectFunction,
} from 'prom-client'

import type { DatabaseUsage } from '../db/client'

/** Why a request was answered 503 at once (see plugins/pressure.ts). */
export type ShedReason = 'queue' | 'event_loop' | 'database_wait' | 'timeout' | 'stopping'

/**
 * What an operator watches, in Prometheus's text format: requests by route pattern (never a
 * path with an id in it: no member data in a label), shedding, the database's connections and
 * waits, token checks answered from memory, imports and AI use, and the process's own figures.
 * One registry per server, so several servers in one process (the tests) keep their own counts.
 */
export class Metrics {
  readonly registry = new Registry()
  readonly requests = new Histogram({
    name: 'members_area_http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status, and how long they took',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })
  readonly shed = new Counter({
    name: 'members_area_http_requests_shed_total',
    help: 'Requests answered 503 with Retry-After at once, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  })
  readonly databaseWait = new Histogram({
    name: 'members_area_database_wait_seconds',
    help: 'How long a query waited for a connection (PostgreSQL pool) or the embedded database',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  })
  readonly tokenChecks = new Counter({
    name: 'members_area_token_checks_total',
    help: 'Bearer token checks, by where the member was read: memory or database',
    labelNames: ['answered'] as const,
    registers: [this.registry],
  })
  readonly signInHolds = new Counter({
    name: 'members_area_sign_in_holds_total',
    help: 'Sign-ins held because their account had many failed ones, from an address it did not know',
    registers: [this.registry],
  })
  readonly signInHeldSeconds = new Counter({
    name: 'members_area_sign_in_held_seconds_total',
    help: 'Seconds sign-ins were held in all',
    registers: [this.registry],
  })
  readonly imports = new Counter({
    name: 'members_area_earnings_imports_total',
    help: 'Earnings imports ended, by outcome: done, failed or stopped (with the server)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  })
  readonly aiRequests = new Counter({
    name: 'members_area_ai_requests_total',
    help: 'AI answers streamed, by writer (model or templates) and how they ended',
    labelNames: ['writer', 'status'] as const,
    registers: [this.registry],
  })
  readonly aiTokens = new Counter({
    name: 'members_area_ai_tokens_total',
    help: 'AI tokens used (as the model reported them, or estimated), by writer',
    labelNames: ['writer'] as const,
    registers: [this.registry],
  })

  readonly communityMail = new Counter({
    name: 'members_area_community_mail_total',
    help: 'Community e-mails handed to the mailer: one per mention or reply (instant), or a digest',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  })

  readonly reminders = new Counter({
    name: 'members_area_reminders_total',
    help: 'Reminder e-mails handed to the mailer, by kind: continue, events or weekly',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  })
  readonly reminderRuns = new Counter({
    name: 'members_area_reminder_runs_total',
    help: 'Runs of the reminder schedule: done, busy (another instance was sending) or failed',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  })

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'members_area_' })
  }

  /** A figure read at each scrape, such as requests in flight. */
  gauge(name: string, help: string, read: () => number) {
    const collect: CollectFunction<Gauge> = function () {
      this.set(read())
    }
    new Gauge({ name: `members_area_${name}`, help, registers: [this.registry], collect })
  }

  /** The database's connections, read at each scrape. */
  databaseUsage(read: () => DatabaseUsage) {
    const collect: CollectFunction<Gauge<'state'>> = function () {
      const usage = read()
      this.set({ state: 'in_use' }, usage.inUse)
      this.set({ state: 'idle' }, usage.idle)
      this.set({ state: 'waiting' }, usage.waiting)
    }
    new Gauge({
      name: 'members_area_database_connections',
      help: 'Database connections in use and idle, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect,
    })
  }

  text() {
    return this.registry.metrics()
  }
}
