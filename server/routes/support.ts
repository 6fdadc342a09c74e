import type { FastifyInstance } from 'fastify'

import { support } from '@schemas/support'

import { registerGroup } from '../plugins/contract'
import { insertSupportMessage, listSupportMessages } from '../repos/support'

export function supportRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  registerGroup(app, support, {
    send: async ({ body, member }) => {
      const { limiter, mailer, tasks, config } = app.services
      await limiter.consume('supportMessagesPerMember', member.id)
      const saved = await insertSupportMessage(db(), member.id, body)
      tasks.run(async () => {
        await mailer.send({
          to: config.supportEmail,
          subject: `[Members Area] ${body.subject}`,
          text: `From: ${member.email}\n\n${body.message}`,
        })
        await mailer.send({
          to: member.email,
          subject: 'We received your message',
          text:
            `Thank you for writing to us. We usually answer within one working day.\n\n` +
            `Your message:\n${body.subject}\n\n${body.message}`,
        })
      })
      return { data: saved }
    },
    list: async ({ member }) => ({ data: await listSupportMessages(db(), member.id) }),
  })
}
