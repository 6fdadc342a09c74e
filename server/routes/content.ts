import type { FastifyInstance } from 'fastify'

import { MAX_CONTENT_ITEMS, content } from '../../api-schemas/content'
import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { contentRows, listContent, toContentItem } from '../repos/content'

export function contentRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const found = <T>(row: T | undefined) => {
    if (!row) throw notFound('Content piece not found')
    return row
  }
  registerGroup(app, content, {
    list: async ({ query, member }) => ({ data: await listContent(db(), member.id, query) }),
    create: async ({ body, member }) => {
      if ((await contentRows.count(db(), member.id)) >= MAX_CONTENT_ITEMS) {
        throw badRequest(`You can keep at most ${MAX_CONTENT_ITEMS} content pieces`)
      }
      return { data: toContentItem(await contentRows.insert(db(), member.id, body)) }
    },
    get: async ({ params, member }) => ({
      data: toContentItem(found(await contentRows.get(db(), member.id, params.id))),
    }),
    update: async ({ params, body, member }) => ({
      data: toContentItem(found(await contentRows.update(db(), member.id, params.id, body))),
    }),
    remove: async ({ params, member }) => {
      found((await contentRows.remove(db(), member.id, params.id)) || undefined)
      return { data: { id: params.id } }
    },
  })
}
