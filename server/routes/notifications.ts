import type { FastifyInstance } from 'fastify'

import { notifications } from '@schemas/notifications'

import { registerGroup } from '../plugins/contract'

export function notificationRoutes(app: FastifyInstance) {
  const service = () => app.services.notifications
  registerGroup(app, notifications, {
    list: async ({ query, member }) => ({ data: await service().list(member, query.before) }),
    read: async ({ body, member }) => ({ data: await service().read(member, body) }),
    stream: async ({ member, lastEventId, signal }) =>
      service().stream(member, lastEventId, signal),
    settings: async ({ member }) => ({ data: await service().settings(member) }),
    saveSettings: async ({ body, member }) => ({
      data: await service().saveSettings(member, body.mail),
    }),
    unsubscribe: async ({ query }) => ({ data: await service().unsubscribe(query.token) }),
  })
}
