import type { FastifyInstance } from 'fastify'

import { insights } from '@schemas/insights'

import { registerGroup } from '../plugins/contract'

export function insightRoutes(app: FastifyInstance) {
  const service = () => app.services.insights
  registerGroup(app, insights, {
    courses: async () => ({ data: await service().courses() }),
    nudges: async ({ query }) => ({
      data: await service().nudges(query.kind, query.page, query.pageSize),
    }),
    nudgeDraft: async ({ query }) => ({ data: await service().draft(query.memberId, query.kind) }),
    sendNudge: async ({ body, member }) => ({ data: await service().send(member, body) }),
    learningEarnings: async ({ query }) => ({
      data: await service().learningEarnings(query.course),
    }),
    timeline: async ({ params }) => ({ data: await service().timeline(params.memberId) }),
  })
}
