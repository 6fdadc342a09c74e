import type { FastifyInstance } from 'fastify'

import { MAX_NOTES, notes } from '../../api-schemas/notes'
import { registerGroup } from '../plugins/contract'
import { listNotes, noteRows, toNote } from '../repos/notes'
import { ownedCrud } from './owned-crud'

export function noteRoutes(app: FastifyInstance) {
  registerGroup(app, notes, {
    list: async ({ member }) => ({ data: await listNotes(app.services.database.db, member.id) }),
    ...ownedCrud(app, noteRows, { what: 'Note', plural: 'notes', max: MAX_NOTES, toWire: toNote }),
  })
}
