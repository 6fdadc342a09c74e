import { type QueryClient } from '@tanstack/react-query'

import type { Note, NoteBody } from '@schemas/notes'
import { notesApi, notesListOptions } from '@/api/notes'
import { toast } from '@/lib/toast'
import { SAVED_OFFLINE } from '@/lib/write-queue'

const listKey = () => notesListOptions().queryKey

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

/** A note's changes while they wait for the connection: the same note's later ones join them. */
const noteUpdate = {
  label: ({ body }: { body: NoteBody }) => `Changes to the note “${body.title}”`,
  merge: ({ params }: { params: { id: string } }) => `note:${params.id}`,
}

/** Shows a change kept for later on the note's card, as the server will have it. */
const showWaiting = (client: QueryClient, id: string, body: NoteBody) =>
  setNotes(client, (notes) =>
    notes.map((note) =>
      note.id === id ? { ...note, ...body, body: body.body ?? note.body } : note,
    ),
  )

/**
 * Saves the note form: a new note without `note`, else that note's changes. Made offline, the
 * save is kept on this device and sent when the connection returns (`onSaved(null)`); an edit
 * shows on its card meanwhile.
 */
export function useSaveNote(note: Note | null, onSaved: (saved: Note | null) => void) {
  const options = { meta: { errorToast: false } } as const
  const create = notesApi.create.useOfflineMutation({
    ...options,
    offline: { label: ({ body }) => `New note “${body.title}”` },
    onSuccess: (answer) => onSaved(answer?.data ?? null),
  })
  const update = notesApi.update.useOfflineMutation({
    ...options,
    offline: noteUpdate,
    onSuccess: (answer, variables, _result, { client }) => {
      if (!answer) showWaiting(client, variables.params.id, variables.body)
      onSaved(answer?.data ?? null)
    },
  })
  const call = note ? update : create
  return {
    save: (body: NoteBody) =>
      note ? update.mutate({ params: { id: note.id }, body }) : create.mutate({ body }),
    isPending: call.isPending,
    error: call.error,
  }
}

/** Pinning from a card: flips at once, rolled back if the server refuses. */
export function useTogglePin() {
  return notesApi.update.useOfflineMutation({
    offline: noteUpdate,
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
    onSuccess: (answer, { body }) => {
      if (!answer) toast.info(SAVED_OFFLINE)
      else toast.success(body.pinned ? 'Note pinned' : 'Note unpinned')
    },
  })
}
