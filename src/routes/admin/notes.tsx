import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { NotesScreen } from '../../features/notes/notes-screen'

export const Route = createFileRoute('/admin/notes')({
  // ?note=<id> opens that note (the search palette links to notes this way).
  validateSearch: z.object({ note: z.string().max(64).optional().catch(undefined) }),
  component: NotesScreen,
})
