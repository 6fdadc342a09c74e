import type { FastifyInstance } from 'fastify'

import { content, MAX_CONTENT_ITEMS } from '@schemas/content'

import { registerGroup } from '../plugins/contract'
import { contentRows, listContent, toContentItem } from '../repos/content'
import { ownedCrud } from './owned-crud'

export function contentRoutes(app: FastifyInstance) {
  registerGroup(app, content, {
    list: async ({ query, member }) => ({
      data: await listContent(app.services.database.db, member.id, query),
    }),
    ...ownedCrud(app, contentRows, {
      what: 'Content piece',
      plural: 'content pieces',
      max: MAX_CONTENT_ITEMS,
      toWire: toContentItem,
    }),
  })
}
