import { queryOptions } from '@tanstack/react-query'

import { notes } from '@schemas/notes'
import { isNetworkError } from '@/lib/api-error'
import { storedEmail } from '@/lib/session'

import { createApi } from './create-api'

export const notesApi = createApi('notes', notes)

type NotesAnswer = Awaited<ReturnType<typeof notesApi.list.call>>

/**
 * The member's notes, read from this device's copy when the server cannot be reached (see
 * lib/notes-copy.ts, loaded only once a list has arrived or failed to).
 */
export const notesListOptions = () =>
  queryOptions({
    queryKey: notesApi.list.queryOptions().queryKey,
    queryFn: async ({ signal }): Promise<NotesAnswer> => {
      const owner = storedEmail() ?? ''
      try {
        const answer = await notesApi.list.call(undefined, signal)
        void import('@/lib/notes-copy')
          .then((copy) => copy.keepNotesCopy(owner, answer))
          .catch(() => undefined)
        return answer
      } catch (error) {
        if (!isNetworkError(error)) throw error
        const copy = await import('@/lib/notes-copy')
          .then((module) => module.readNotesCopy<NotesAnswer>(owner))
          .catch(() => undefined)
        if (!copy) throw error
        return copy
      }
    },
  })
