import type { FastifyInstance } from 'fastify'

import { ai } from '@schemas/ai'

import { notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { clearChat, findGeneration, listChat, listGenerations, removeGeneration } from '../repos/ai'

export function aiRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const assistant = () => app.services.assistant

  registerGroup(app, ai, {
    status: async ({ member }) => ({ data: await assistant().status(member) }),
    write: ({ member, body, signal }) => assistant().write(member, body, signal),
    translate: ({ member, body, signal }) => assistant().translate(member, body, signal),
    history: async ({ member, query }) => ({
      data: await listGenerations(db(), member.id, query.tool, query.page, query.pageSize),
    }),
    generation: async ({ member, params }) => {
      const found = await findGeneration(db(), member.id, params.id)
      if (!found) throw notFound('Generation not found')
      return { data: found }
    },
    removeGeneration: async ({ member, params }) => {
      if (!(await removeGeneration(db(), member.id, params.id))) {
        throw notFound('Generation not found')
      }
      return { data: { id: params.id } }
    },
    chat: async ({ member }) => ({ data: await listChat(db(), member.id) }),
    ask: ({ member, body, signal }) => assistant().ask(member, body.question, signal),
    clearChat: async ({ member }) => ({ data: { removed: await clearChat(db(), member.id) } }),
  })
}
