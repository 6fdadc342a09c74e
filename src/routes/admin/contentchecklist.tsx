import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { ContentChecklistScreen } from '../../features/content/content-checklist-screen'

/** `?id=` opens the checklist of that piece. */
export const Route = createFileRoute('/admin/contentchecklist')({
  validateSearch: z.object({ id: z.uuid().optional().catch(undefined) }),
  component: ContentChecklistScreen,
})
