import { desc, eq } from 'drizzle-orm'

import type { Note } from '../../api-schemas/notes'
import type { Db } from '../db/client'
import { notes } from '../db/schema'
import { ownedRows } from './owned'

export const noteRows = ownedRows(notes)

export const toNote = (row: typeof notes.$inferSelect): Note => ({
  id: row.id,
  title: row.title,
  body: row.body,
  color: row.color as Note['color'],
  pinned: row.pinned,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export async function listNotes(db: Db, memberId: string): Promise<Note[]> {
  const rows = await db
    .select()
    .from(notes)
    .where(eq(notes.memberId, memberId))
    .orderBy(desc(notes.pinned), desc(notes.updatedAt))
  return rows.map(toNote)
}
