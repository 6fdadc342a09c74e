import { createFileRoute } from '@tanstack/react-router'
import { optionalUuid, searchOf } from '../../../lib/search-params'
import { ContentFormScreen } from '../../../features/content/content-form-screen'

/** `?id=` edits that piece; without it (or with a malformed one) the page creates a new piece. */
export const Route = createFileRoute('/admin/sheet/contentpage')({
  validateSearch: searchOf((search) => ({ id: optionalUuid(search.id) })),
  component: ContentFormScreen,
})
