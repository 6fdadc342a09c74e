import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

import type { Db } from '../db/client'
import { outbox } from '../db/schema'

export interface Mail {
  to: string
  subject: string
  text: string
  /** The one link the message is about, printed to the log when mail stays in the outbox. */
  link?: string
  /**
   * Where a POST stops this kind of mail without signing in: sent as `List-Unsubscribe`, with
   * `List-Unsubscribe-Post` (RFC 8058), so a mail program offers a one-click unsubscribe.
   */
  unsubscribe?: string
  /** The page a person opens to stop this kind of mail (the link in its text). */
  unsubscribePage?: string
}

/** The headers a message carries beyond from, to and subject. */
export const extraHeaders = (mail: Mail): Record<string, string> =>
  mail.unsubscribe
    ? {
        'List-Unsubscribe': `<${mail.unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {}

/**
 * A header is one line: a line break in a subject or address would start a header of the
 * sender's choosing (header injection). The contract refuses them in what members write; this
 * refuses whatever gets here anyway, before it is sent or kept.
 */
export function assertOneLineHeaders(mail: Mail) {
  for (const value of [mail.to, mail.subject, mail.unsubscribe ?? '']) {
    // eslint-disable-next-line no-control-regex -- finding line breaks and controls is the point
    if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(value)) {
      throw new Error('A mail header may not hold a line break or a control character')
    }
  }
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): Promise<void>
}

/** Sends over SMTP. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      assertOneLineHeaders(mail)
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: extraHeaders(mail),
      })
    },
    async close() {
      transport.close()
    },
  }
}

/**
 * With no SMTP server the message is kept in the outbox table and its link logged in one line,
 * so a person running the product locally can follow it.
 */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      assertOneLineHeaders(mail)
      await db.insert(outbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.text,
        headers: extraHeaders(mail),
      })
      log.info(`outbox: "${mail.subject}" for ${mail.to}${mail.link ? ` — ${mail.link}` : ''}`)
      if (mail.unsubscribePage) {
        log.info(`outbox: to stop "${mail.subject}" for ${mail.to} — ${mail.unsubscribePage}`)
      }
    },
    async close() {},
  }
}
