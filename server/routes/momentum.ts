import type { FastifyInstance } from 'fastify'

import { leaderboard } from '@schemas/leaderboard'
import { momentum } from '@schemas/momentum'

import { registerGroup } from '../plugins/contract'

export function momentumRoutes(app: FastifyInstance) {
  const service = () => app.services.momentum
  registerGroup(app, momentum, {
    momentum: async ({ member }) => ({ data: await service().momentum(member.id) }),
    momentumSettings: async ({ body, member }) => ({
      data: await service().settings(member.id, body),
    }),
  })
  registerGroup(app, leaderboard, {
    leaderboard: async ({ query, member }) => ({
      data: await service().leaderboard(member.id, query.period ?? '7d'),
    }),
    areaUnlocks: async () => ({ data: await service().unlocks() }),
    setAreaUnlock: async ({ body, member }) => ({
      data: await service().setUnlock(member, body.area, body.level),
    }),
  })
}
