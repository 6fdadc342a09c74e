import { createStore, del, get, set } from 'idb-keyval'

/**
 * The member's list of notes as last loaded, kept in this browser's IndexedDB so the notes read
 * without a connection: written after each load, read when a load cannot reach the server, and
 * deleted at sign-out. It names its owner, so another member on this device never reads it.
 */
const store = createStore('members-area-notes', 'copy')
const KEY = 'notes'

interface Copy<T> {
  owner: string
  answer: T
}

export const keepNotesCopy = <T>(owner: string, answer: T) =>
  set(KEY, { owner, answer } satisfies Copy<T>, store)

export async function readNotesCopy<T>(owner: string): Promise<T | undefined> {
  const copy = await get<Copy<T>>(KEY, store)
  return copy?.owner === owner ? copy.answer : undefined
}

export const dropNotesCopy = () => del(KEY, store)
