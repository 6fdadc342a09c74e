import type { FastifyInstance } from 'fastify'

import { courses, OFFLINE_COPY_HEADER } from '@schemas/courses'

import { registerGroup } from '../plugins/contract'
import { renderMarkdown } from '../shared/markdown'

export function courseRoutes(app: FastifyInstance) {
  const service = () => app.services.courses
  registerGroup(app, courses, {
    list: async ({ member }) => ({ data: await service().list(member) }),
    lesson: async ({ query, member, req }) => ({
      data: await service().lesson(query.path, member, {
        record: req.headers[OFFLINE_COPY_HEADER] !== '1',
      }),
    }),
    progress: async ({ query, body, member }) => ({
      data: await service().saveProgress(query.path, member, body),
    }),
    search: async ({ query, member }) => ({
      data: await service().search(query.q, member, (q) =>
        app.services.community.search(q, member),
      ),
    }),
    source: async ({ query }) => ({ data: await service().source(query.path) }),
    edit: async ({ query, body, member }) => ({
      data: await service().edit(query.path, body, member),
    }),
    restore: async ({ query, member }) => ({
      data: await service().restore(query.path, member),
    }),
    preview: async ({ body }) => ({ data: { html: renderMarkdown(body.markdown).html } }),
  })
}
