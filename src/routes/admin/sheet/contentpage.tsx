import { createFileRoute } from '@tanstack/react-router'

import { ContentFormScreen } from '@/features/content/content-form-screen'
import { optionalUuid, searchOf } from '@/lib/search-params'

/** `?id=` edits that piece; without it (or with a malformed one) the page creates a new piece. */
export const Route = createFileRoute('/admin/sheet/contentpage')({
  validateSearch: searchOf((search) => ({ id: optionalUuid(search.id) })),
  component: ContentFormScreen,
})
