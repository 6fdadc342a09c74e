import { createFileRoute } from '@tanstack/react-router'

import { LEAD_SORT_COLUMNS } from '@schemas/lead-sort'
import { LeadsScreen } from '@/features/leads/leads-screen'
import { optionalInteger, optionalOneOf, optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/sheet/leads')({
  validateSearch: searchOf((search) => ({
    search: optionalText(search.search, 100),
    sort: optionalOneOf(search.sort, LEAD_SORT_COLUMNS),
    order: optionalOneOf(search.order, ['asc', 'desc']),
    page: optionalInteger(search.page, 1),
    pageSize: optionalInteger(search.pageSize, 1, 100),
  })),
  component: LeadsScreen,
})
