import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { ContentChecklistScreen } from '../../features/content/content-checklist-screen'

/** `?id=` opens the checklist of that piece. */
export const Route = createFileRoute('/admin/contentchecklist')({
  validateSearch: z.object({ id: z.catch(z.optional(z.uuid()), undefined) }),
  component: ContentChecklistScreen,
})
