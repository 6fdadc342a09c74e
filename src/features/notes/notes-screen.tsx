import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo, useState } from 'react'

import type { Note, NoteBody } from '@schemas/notes'
import { notesListOptions } from '@/api/notes'
import { AppIcon } from '@/components/layout/icons'
import { SearchBox, useListSearch, useListView } from '@/components/list-kit'
import { useOffline } from '@/components/offline-banner'
import { ConfirmDialog, EmptyState, ErrorState, PageHeader } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'
import { useQueuedWrites, type QueuedWrite } from '@/lib/write-queue'

import { NoteCard } from './note-card'
import { NoteDialog } from './note-dialog'
import { useDeleteNote, useTogglePin } from './use-note-mutations'

type Editing = { note: Note | null } | null

/** A note written offline, as its card shows it until the server has it. */
const waitingNote = (write: QueuedWrite): Note => {
  const body = write.input.body as NoteBody
  return {
    id: write.id,
    title: body.title,
    body: body.body ?? '',
    color: body.color ?? 'yellow',
    pinned: body.pinned ?? false,
    createdAt: write.madeAt,
    updatedAt: write.madeAt,
  }
}

const route = getRouteApi('/admin/notes')

const noop = () => undefined

/** The cards of the notes written offline, saying they wait to be sent. */
function WaitingCards({ notes }: { notes: Note[] }) {
  return notes.map((note) => (
    <NoteCard key={note.id} note={note} waiting onEdit={noop} onDelete={noop} onTogglePin={noop} />
  ))
}

function WaitingNotes({ notes }: { notes: Note[] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
      <WaitingCards notes={notes} />
    </SimpleGrid>
  )
}

/** Every note of the member as coloured cards, searched in the browser (?search= in the address). */
export function NotesScreen() {
  const notes = useQuery(notesListOptions())
  const search = useListSearch(useListView())
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Note | null>(null)
  const remove = useDeleteNote()
  const togglePin = useTogglePin()

  const offline = useOffline()
  const queued = useQueuedWrites()
  const waiting = useMemo(
    () => queued.filter((write) => write.call === 'notes.create').map(waitingNote),
    [queued],
  )
  const all = notes.data?.data
  // A link to one note (?note=<id>) opens it once the notes are there.
  const { note: linked } = route.useSearch()
  const [openedLink, setOpenedLink] = useState<string | undefined>()
  if (linked && linked !== openedLink && all) {
    setOpenedLink(linked)
    const found = all.find((note) => note.id === linked)
    if (found) setEditing({ note: found })
  }
  const shown = useMemo(() => {
    const needle = search.text.trim().toLowerCase()
    if (!all || !needle) return all ?? []
    return all.filter(
      (note) =>
        note.title.toLowerCase().includes(needle) || note.body.toLowerCase().includes(needle),
    )
  }, [all, search.text])

  const newNote = (
    <Button onClick={() => setEditing({ note: null })}>
      <AppIcon name="plus" size="18px" />
      New note
    </Button>
  )

  let content
  if (notes.isPending) {
    content = (
      <Box aria-busy="true">
        <Text srOnly role="status">
          Loading notes
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="40" rounded="l2" />
          ))}
        </SimpleGrid>
      </Box>
    )
  } else if (notes.isError && !notes.data) {
    content = (
      <Stack gap="4">
        <ErrorState
          title="Your notes could not be loaded"
          message={notes.error.message}
          onRetry={() => void notes.refetch()}
          retrying={notes.isFetching}
        />
        {waiting.length > 0 ? <WaitingNotes notes={waiting} /> : null}
      </Stack>
    )
  } else if (!all?.length && waiting.length === 0) {
    content = (
      <EmptyState
        title="No notes yet"
        description="Keep ideas, hooks and to-dos here. Pinned notes also show on your dashboard."
        action={<Button onClick={() => setEditing({ note: null })}>Write your first note</Button>}
      />
    )
  } else if (shown.length === 0 && waiting.length === 0) {
    content = (
      <EmptyState
        title={`No notes match “${search.text.trim()}”`}
        description="Search looks at titles and note text."
        action={
          <Button variant="outline" onClick={() => search.clear()}>
            Clear search
          </Button>
        }
      />
    )
  } else {
    content = (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
        <WaitingCards notes={waiting} />
        {shown.map((note) => (
          <NoteCard
            key={note.id}
            note={note}
            onEdit={() => setEditing({ note })}
            onDelete={() => setDeleting(note)}
            onTogglePin={() =>
              togglePin.mutate({
                params: { id: note.id },
                body: {
                  title: note.title,
                  body: note.body,
                  color: note.color,
                  pinned: !note.pinned,
                },
              })
            }
          />
        ))}
      </SimpleGrid>
    )
  }

  return (
    <Box>
      <PageHeader
        title="Notes"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Notes' }]}
        actions={newNote}
      />
      <Stack gap="5">
        {all && all.length > 0 ? (
          <SearchBox
            label="Search notes"
            labelHidden
            placeholder="Search notes"
            maxLength={200}
            value={search.text}
            onChange={search.setText}
            maxW={{ md: 'sm' }}
          />
        ) : null}
        {offline && all ? (
          <Text color="fg.muted" fontSize="sm" role="status">
            You are offline: these are your notes as last loaded on this device. New notes and edits
            wait here, and are sent when the connection returns.
          </Text>
        ) : null}
        {content}
      </Stack>
      <NoteDialog
        open={editing !== null}
        note={editing?.note ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        description={deleting ? `“${deleting.title}” will be gone for good.` : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ params: { id: deleting.id } })
          setDeleting(null)
        }}
      />
    </Box>
  )
}
