import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'

import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'

import { FREE_AREAS, type AreaKey } from '@schemas/access'
import type { Role } from '@schemas/auth'

import { buildApp } from '../../server/app'
import { defaultRateLimits, loadConfig, type Config, type RateLimits } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { insertMember } from '../../server/repos/members'
import type { Mail, Mailer } from '../../server/services/mailer'
import { hashPassword } from '../../server/services/passwords'
import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'
export const EARNINGS_KEY = Buffer.alloc(32, 7)

/** A fresh database for one test file: a copy of the migrated PGlite, or a new PostgreSQL database. */
export async function freshDatabase(
  /** On PostgreSQL: how long a query may wait for one of the pool's connections (no limit without). */
  maxCheckoutWaitMs?: number,
): Promise<Database> {
  const url = testDatabaseUrl()
  if (!url) {
    const dump = new Blob([readFileSync(inject('pgliteDump'))])
    return openDatabase({ driver: 'pglite', loadDataDir: dump })
  }
  const scratch = await scratchDatabase(url, 'members_area_test')
  const database = await openDatabase({
    driver: 'postgres',
    url: scratch.url,
    poolSize: 4,
    ...(maxCheckoutWaitMs ? { maxCheckoutWaitMs } : {}),
  })
  return {
    ...database,
    close: async () => {
      await database.close()
      await scratch.drop()
    },
  }
}

const generous = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 10_000, durationSeconds: 900 }]),
) as unknown as RateLimits

export interface TestAppOptions {
  config?: Partial<Config>
  /** Rate limits for this app; generous unless a test is about them. */
  rateLimits?: Partial<RateLimits>
  database?: Database
  redisUrl?: string | undefined
  /** Apps that share this prefix share rate-limit counters in Redis. */
  rateLimitPrefix?: string
  /** Mail is kept in the outbox table, as the product does without SMTP, not in `mail`. */
  outbox?: boolean
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  /** Mail the app has sent, newest last. */
  mail: Mail[]
  clock: { now: number }
  createMember(
    values?: Partial<{ email: string; password: string; role: Role; areas: AreaKey[] }>,
  ): Promise<{
    id: string
    email: string
    password: string
  }>
  login(email: string, password: string): Promise<string>
  close(): Promise<void>
}

let counter = 0

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase())
  const mail: Mail[] = []
  const mailer: Mailer = { send: async (m) => void mail.push(m), close: async () => {} }
  const clock = { now: Date.now() }
  const config: Config = {
    ...loadConfig({}),
    // No schedule, and nothing leaves this machine unless a test points a connector at a fake.
    earningsSyncMinutes: 0,
    reminderMinutes: 0,
    clickbankApiUrl: 'http://127.0.0.1:9',
    digistore24ApiUrl: 'http://127.0.0.1:9',
    publicUrl: 'http://members.test',
    staticDir: '/nonexistent',
    redisUrl: options.redisUrl,
    rateLimits: { ...generous, ...options.rateLimits },
    // The test machine's own hiccups must not shed a test's requests; pressure.test.ts lowers it.
    maxEventLoopDelayMs: 60_000,
    maxQueueMs: 60_000,
    maxAdmitWaitMs: 60_000,
    maxDatabaseWaitMs: 60_000,
    ...options.config,
  }
  const app = await buildApp({
    config,
    database,
    jwtSecret: JWT_SECRET,
    earningsKey: EARNINGS_KEY,
    connectorOptions: { timeoutMs: 500, retries: 2, backoffMs: () => 5, minIntervalMs: 0 },
    now: () => clock.now,
    ...(options.outbox ? {} : { mailer }),
    logger: false,
    rateLimitPrefix: options.rateLimitPrefix ?? `test-${process.pid}-${Date.now()}-${counter++}`,
  })
  await app.ready()

  return {
    app,
    database,
    mail,
    clock,
    async createMember(values = {}) {
      const email = values.email ?? `member-${randomBytes(4).toString('hex')}@example.com`
      const password = values.password ?? 'Correct#Horse1'
      const row = await insertMember(database.db, {
        email,
        passwordHash: await hashPassword(password),
        role: values.role ?? 'member',
        areas: values.areas ?? FREE_AREAS,
        firstName: 'Test',
        lastName: 'Member',
      })
      return { id: row.id, email: row.email, password }
    },
    async login(email, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      })
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
      return res.json<{ token: string }>().token
    },
    async close() {
      await app.close()
      if (!options.database) await database.close()
    },
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>()

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; content: Buffer },
) {
  const boundary = '----members-area-test-boundary'
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'profilePhoto'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
