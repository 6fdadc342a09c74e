import type { Note } from '@schemas/notes'

import type { Database } from '../db/client'
import { HeardCache, type CacheLimits } from './heard-cache'

/** Where the notes table's triggers announce the member whose notes changed (migration 0009). */
export const NOTES_CHANGED_CHANNEL = 'notes_changed'

/** A member may keep 500 notes of 20,000 characters: lists are bounded by their weight too. */
const NOTE_LIST_LIMITS: CacheLimits = { size: 5_000, ttlMs: 60_000, weight: 32 * 1024 * 1024 }

export interface NoteList {
  data: Note[]
}

/** Roughly the bytes a list holds: its text twice (as strings, and sent), and each note's frame. */
const weigh = ({ data }: NoteList) =>
  data.reduce((sum, note) => sum + 4 * (note.title.length + note.body.length) + 400, 0)

/**
 * Members' note lists, kept in memory so the notes screen and the dashboard need no database
 * round trip while nothing changed. Every write to a member's notes through the API goes through
 * `change` (the notes routes); any other is heard of from the notes table's triggers.
 */
export class NoteListCache extends HeardCache<NoteList> {
  constructor(
    database: Pick<Database, 'heardEverywhere'>,
    now: () => number,
    limits = NOTE_LIST_LIMITS,
  ) {
    super(NOTES_CHANGED_CHANNEL, database, now, limits, weigh)
  }
}
