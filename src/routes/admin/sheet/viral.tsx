import { createFileRoute } from '@tanstack/react-router'

import { ViralSheetScreen } from '@/features/tools/viral-sheet-screen'
import { optionalText, searchOf } from '@/lib/search-params'

/** `?format=`, `?bestFor=` and `?q=` filter the ideas, so a link back keeps the filters. */
export const Route = createFileRoute('/admin/sheet/viral')({
  validateSearch: searchOf((search) => ({
    format: optionalText(search.format, 40),
    bestFor: optionalText(search.bestFor, 60),
    q: optionalText(search.q, 100),
  })),
  component: ViralSheetScreen,
})
