import type { FastifyInstance } from 'fastify'

import { NOT_READY, system } from '@schemas/system'

import { HttpError } from '../errors'
import { registerGroup } from '../plugins/contract'

export function systemRoutes(app: FastifyInstance) {
  registerGroup(app, system, {
    health: async () => {
      const { database } = app.services
      const up = await database.ping().then(
        () => true,
        () => false,
      )
      return {
        data: {
          status: 'ok' as const,
          database: up ? ('up' as const) : ('down' as const),
          driver: database.driver,
        },
      }
    },
    // Migrations ran before the server was built: an instance that answers has them.
    ready: async () => {
      const { database, readiness } = app.services
      const refuse = (message: string) => {
        throw new HttpError(503, message, { 'retry-after': '1' })
      }
      if (readiness.stopping) refuse(NOT_READY.stopping)
      if (!readiness.contentLoaded) refuse(NOT_READY.content)
      await database.ping().catch(() => refuse(NOT_READY.database))
      return { status: 'ready' as const }
    },
    docs: async () => app.swagger() as unknown as Record<string, unknown>,
  })
}
