import type { FastifyInstance } from 'fastify'

import { calendarFeed } from '@schemas/calendar-feed'

import { registerGroup } from '../plugins/contract'

export function calendarFeedRoutes(app: FastifyInstance) {
  const service = () => app.services.calendarFeed
  registerGroup(app, calendarFeed, {
    feed: async ({ member }) => ({ data: await service().feed(member.id) }),
    startFeed: async ({ body, member }) => ({
      data: await service().start(member.id, body.timeZone),
    }),
    stopFeed: async ({ member }) => ({ data: await service().stop(member.id) }),
    ics: async ({ params, reply }) => {
      const text = await service().ics(params.file)
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="members-area.ics"')
        // Calendar apps ask every few hours; a private feed is never kept by a shared cache.
        .header('cache-control', 'private, max-age=300')
      return text
    },
  })
}
