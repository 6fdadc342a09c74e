import type { FastifyInstance } from 'fastify'

import { MAX_NOTES, notes } from '@schemas/notes'

import { lastingAnswer, registerGroup } from '../plugins/contract'
import { listNotes, noteRows, toNote } from '../repos/notes'
import { ownedCrud } from './owned-crud'

export function noteRoutes(app: FastifyInstance) {
  const { database, noteLists } = app.services
  // Read on every visit of the notes screen and the dashboard: kept until the member's notes change.
  const list = async (memberId: string) =>
    lastingAnswer({ data: await listNotes(database.db, memberId) })
  registerGroup(app, notes, {
    list: async ({ member }) => (await noteLists.get(member.id, list))!,
    ...ownedCrud(app, noteRows, {
      what: 'Note',
      plural: 'notes',
      max: MAX_NOTES,
      toWire: toNote,
      cache: noteLists,
    }),
  })
}
