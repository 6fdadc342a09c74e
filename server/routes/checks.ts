import type { FastifyInstance } from 'fastify'

import { checks } from '@schemas/checks'

import { registerGroup } from '../plugins/contract'

export function checkRoutes(app: FastifyInstance) {
  const service = () => app.services.checks
  registerGroup(app, checks, {
    questions: async () => ({ data: await service().questionStats() }),
    get: async ({ params, member }) => ({
      data: await service().get(params.course, params.module, member),
    }),
    submit: async ({ params, body, member }) => ({
      data: await service().submit(params.course, params.module, member, body.answers),
    }),
    source: async ({ params }) => ({ data: await service().source(params.course, params.module) }),
    edit: async ({ params, body, member }) => ({
      data: await service().edit(params.course, params.module, body, member),
    }),
    restore: async ({ params, member }) => ({
      data: await service().restore(params.course, params.module, member),
    }),
  })
}
