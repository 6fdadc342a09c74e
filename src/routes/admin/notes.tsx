import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { NotesScreen } from '../../features/notes/notes-screen'

export const Route = createFileRoute('/admin/notes')({
  // ?note=<id> opens that note (the search palette links to notes this way).
  validateSearch: z.object({
    note: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  }),
  component: NotesScreen,
})
