import type { FastifyInstance } from 'fastify'

import { tools } from '@schemas/tools'

import { lastingAnswer, registerGroup } from '../plugins/contract'
import type { ToolContent } from '../services/tool-content'

/**
 * The viral post ideas and the quick-start plans: read at start, the same answer for every
 * member of the area, so each is checked and serialized once and then sent as it is.
 */
export function toolRoutes(
  app: FastifyInstance,
  content: Pick<ToolContent, 'viral' | 'quickCash'>,
) {
  const viral = lastingAnswer({ data: content.viral })
  const quickCash = lastingAnswer({ data: content.quickCash })
  registerGroup(app, tools, {
    viral: async () => viral,
    quickCash: async () => quickCash,
  })
}
