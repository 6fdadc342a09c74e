import { type QueryClient } from '@tanstack/react-query'

import type { Note } from '@schemas/notes'
import { notesApi } from '@/api/notes'
import { toast } from '@/lib/toast'

const listKey = () => notesApi.list.queryOptions().queryKey

type NoteList = { data: Note[] }

/** What onMutate hands to onError (the hook factory types it loosely). */
const previousOf = (result: unknown) => (result as { previous?: NoteList } | undefined)?.previous

function setNotes(client: QueryClient, change: (notes: Note[]) => Note[]) {
  client.setQueryData(listKey(), (old) => (old ? { data: change(old.data) } : old))
}

/**
 * Deleting takes the note out of the cached list before the server answers, so it leaves at
 * once; a failure puts the list back as it was (the error toast comes from the query client).
 */
export function useDeleteNote() {
  return notesApi.remove.useMutation({
    onMutate: async ({ params }, { client }) => {
      await client.cancelQueries({ queryKey: listKey() })
      const previous = client.getQueryData(listKey())
      setNotes(client, (notes) => notes.filter((note) => note.id !== params.id))
      return { previous }
    },
    onError: (_error, _variables, result, { client }) => {
      const previous = previousOf(result)
      if (previous) client.setQueryData(listKey(), previous)
    },
    onSuccess: () => {
      toast.success('Note deleted')
    },
  })
}

/** Pinning from a card: flips at once, rolled back if the server refuses. */
export function useTogglePin() {
  return notesApi.update.useMutation({
    onMutate: async ({ params, body }, { client }) => {
      await client.cancelQueries({ queryKey: listKey() })
      const previous = client.getQueryData(listKey())
      setNotes(client, (notes) =>
        notes.map((note) =>
          note.id === params.id ? { ...note, pinned: body.pinned ?? note.pinned } : note,
        ),
      )
      return { previous }
    },
    onError: (_error, _variables, result, { client }) => {
      const previous = previousOf(result)
      if (previous) client.setQueryData(listKey(), previous)
    },
    onSuccess: ({ data }) => {
      toast.success(data.pinned ? 'Note pinned' : 'Note unpinned')
    },
  })
}
