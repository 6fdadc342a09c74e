import { createFileRoute } from '@tanstack/react-router'

import { NUDGE_KINDS } from '@schemas/insights'
import { InsightsScreen } from '@/features/insights/insights-screen'
import { INSIGHT_TABS } from '@/features/insights/tabs'
import {
  optionalOneOf,
  optionalPage,
  optionalPageSize,
  optionalText,
  searchOf,
} from '@/lib/search-params'

/** The open tab, the nudge list's kind and page, and the course of the earnings chart. */
export const Route = createFileRoute('/admin/insights/')({
  validateSearch: searchOf((search) => ({
    tab: optionalOneOf(search.tab, INSIGHT_TABS),
    kind: optionalOneOf(search.kind, NUDGE_KINDS),
    page: optionalPage(search.page),
    pageSize: optionalPageSize(search.pageSize),
    course: optionalText(search.course, 40),
  })),
  component: InsightsScreen,
})
