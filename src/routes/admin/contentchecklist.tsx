import { createFileRoute } from '@tanstack/react-router'

import { ContentChecklistScreen } from '@/features/content/content-checklist-screen'
import { optionalUuid, searchOf } from '@/lib/search-params'

/** `?id=` opens the checklist of that piece. */
export const Route = createFileRoute('/admin/contentchecklist')({
  validateSearch: searchOf((search) => ({ id: optionalUuid(search.id) })),
  component: ContentChecklistScreen,
})
