import type { FastifyInstance } from 'fastify'

import { system } from '../../api-schemas/system'
import { HttpError } from '../errors'
import { registerGroup } from '../plugins/contract'

export function systemRoutes(app: FastifyInstance) {
  registerGroup(app, system, {
    health: async () => {
      const { database } = app.services
      try {
        await database.ping()
      } catch {
        throw new HttpError(503, 'The database is unavailable')
      }
      return { data: { status: 'ok' as const, database: 'up' as const, driver: database.driver } }
    },
    docs: async () => app.swagger() as unknown as Record<string, unknown>,
  })
}
