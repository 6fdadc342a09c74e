import { createFileRoute } from '@tanstack/react-router'

import { LEAD_SORT_COLUMNS } from '@schemas/lead-sort'
import { LeadsScreen } from '@/features/leads/leads-screen'
import { listParams, optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/sheet/leads')({
  validateSearch: searchOf((search) => ({
    ...listParams(search, LEAD_SORT_COLUMNS),
    search: optionalText(search.search, 100),
  })),
  component: LeadsScreen,
})
