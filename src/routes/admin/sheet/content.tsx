import { createFileRoute } from '@tanstack/react-router'

import { CONTENT_STATUSES } from '@schemas/content-status'
import { ContentListScreen } from '@/features/content/content-list-screen'
import { optionalOneOf, optionalText, searchOf } from '@/lib/search-params'

/** `?status=` and `?search=` filter the pieces, so a link back keeps the filters. */
export const Route = createFileRoute('/admin/sheet/content')({
  validateSearch: searchOf((search) => ({
    status: optionalOneOf(search.status, CONTENT_STATUSES),
    search: optionalText(search.search, 100),
  })),
  component: ContentListScreen,
})
