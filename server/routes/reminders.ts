import type { FastifyInstance } from 'fastify'

import { reminders } from '@schemas/reminders'

import { registerGroup } from '../plugins/contract'

export function reminderRoutes(app: FastifyInstance) {
  const service = () => app.services.reminders
  registerGroup(app, reminders, {
    reminders: async ({ member }) => ({ data: await service().settings(member.id) }),
    saveReminders: async ({ body, member }) => ({ data: await service().save(member.id, body) }),
    unsubscribeReminder: async ({ query }) => ({
      data: await service().unsubscribe(query.token, query.kind),
    }),
    runReminders: async () => ({ data: await service().run() }),
  })
}
