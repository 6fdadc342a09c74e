import { createFileRoute } from '@tanstack/react-router'

import { NotesScreen } from '@/features/notes/notes-screen'
import { optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/notes')({
  // ?note=<id> opens that note (the search palette links to notes this way); ?search= is the
  // text the notes are searched for.
  validateSearch: searchOf((search) => ({
    note: optionalText(search.note, 64),
    search: optionalText(search.search, 200),
  })),
  component: NotesScreen,
})
