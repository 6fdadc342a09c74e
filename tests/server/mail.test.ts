import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { outbox } from '../../server/db/schema'
import { createTestApp, EARNINGS_KEY, freshDatabase, JWT_SECRET, type TestApp } from './helpers'

describe('mail over SMTP when SMTP_URL is set', () => {
  const received: { to: string[]; raw: string }[] = []
  let smtp: SMTPServer
  let port: number
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
          done()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

  it('sends the reset link through the SMTP server, from MAIL_FROM, and keeps no outbox row', async () => {
    const database = await freshDatabase()
    const config = {
      ...loadConfig({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Members Area <hello@members.test>',
        PUBLIC_URL: 'https://members.test',
      }),
      staticDir: '/nonexistent',
    }
    const app = await buildApp({
      config,
      database,
      jwtSecret: JWT_SECRET,
      earningsKey: EARNINGS_KEY,
      logger: false,
    })
    try {
      const { insertMember } = await import('../../server/repos/members')
      await insertMember(database.db, { email: 'maya@example.com', passwordHash: 'x' })
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'maya@example.com' },
      })
      expect(res.statusCode).toBe(200)
      await app.services.tasks.drain()
      expect(received).toHaveLength(1)
      expect(received[0]!.to).toEqual(['maya@example.com'])
      expect(received[0]!.raw).toContain('From: Members Area <hello@members.test>')
      expect(received[0]!.raw.replace(/=\r\n/g, '')).toMatch(
        /https:\/\/members\.test\/auth\/forgot-password\?token=3D[A-Za-z0-9_-]{43}/,
      )
      expect(await database.db.select().from(outbox)).toHaveLength(0)
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('mail kept in the outbox without SMTP', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('stores each message in the outbox table', async () => {
    const { outboxMailer } = await import('../../server/services/mailer')
    const lines: string[] = []
    const log = { info: (line: string) => lines.push(line) } as never
    const mailer = outboxMailer(t.database.db, log)
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body', link: 'http://x/y' })
    const rows = await t.database.db.select().from(outbox)
    expect(rows).toMatchObject([{ toAddress: 'a@example.com', subject: 'Hello', body: 'Body' }])
    expect(lines).toEqual(['outbox: "Hello" for a@example.com — http://x/y'])
  })
})
