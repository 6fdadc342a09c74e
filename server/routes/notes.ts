import type { FastifyInstance } from 'fastify'

import { MAX_NOTES, notes } from '../../api-schemas/notes'
import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { listNotes, noteRows, toNote } from '../repos/notes'

export function noteRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const found = <T>(row: T | undefined) => {
    if (!row) throw notFound('Note not found')
    return row
  }
  registerGroup(app, notes, {
    list: async ({ member }) => ({ data: await listNotes(db(), member.id) }),
    create: async ({ body, member }) => {
      if ((await noteRows.count(db(), member.id)) >= MAX_NOTES) {
        throw badRequest(`You can keep at most ${MAX_NOTES} notes: delete some first`)
      }
      return { data: toNote(await noteRows.insert(db(), member.id, body)) }
    },
    get: async ({ params, member }) => ({
      data: toNote(found(await noteRows.get(db(), member.id, params.id))),
    }),
    update: async ({ params, body, member }) => ({
      data: toNote(found(await noteRows.update(db(), member.id, params.id, body))),
    }),
    remove: async ({ params, member }) => {
      found((await noteRows.remove(db(), member.id, params.id)) || undefined)
      return { data: { id: params.id } }
    },
  })
}
