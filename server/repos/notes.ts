import { desc, eq, sql } from 'drizzle-orm'

import type { Note } from '@schemas/notes'

import type { Db } from '../db/client'
import { notes } from '../db/schema'
import { ownedRows } from './owned'

export const noteRows = ownedRows(notes)

/** What a note is on the wire: the search vector stays in the database. */
const wireColumns = {
  id: notes.id,
  title: notes.title,
  body: notes.body,
  color: notes.color,
  pinned: notes.pinned,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
}

type WireRow = { [K in keyof typeof wireColumns]: (typeof notes.$inferSelect)[K] }

export const toNote = (row: WireRow): Note => ({
  id: row.id,
  title: row.title,
  body: row.body,
  color: row.color as Note['color'],
  pinned: row.pinned,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const listQuery = (db: Db) =>
  db
    .select(wireColumns)
    .from(notes)
    .where(eq(notes.memberId, sql.placeholder('memberId')))
    .orderBy(desc(notes.pinned), desc(notes.updatedAt))
    .prepare('list_notes')

const preparedLists = new WeakMap<Db, ReturnType<typeof listQuery>>()

/** Prepared once per database: the notes screen and the dashboard ask for this on every visit. */
export async function listNotes(db: Db, memberId: string): Promise<Note[]> {
  let query = preparedLists.get(db)
  if (!query) preparedLists.set(db, (query = listQuery(db)))
  return (await query.execute({ memberId })).map(toNote)
}
