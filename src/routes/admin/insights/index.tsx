import { createFileRoute } from '@tanstack/react-router'

import { InsightsScreen } from '@/features/insights/insights-screen'
import { INSIGHT_TABS } from '@/features/insights/tabs'
import {
  optionalOneOf,
  optionalPage,
  optionalPageSize,
  optionalText,
  searchOf,
} from '@/lib/search-params'

/**
 * The open tab, the nudge list's kind and page, and the course of the earnings chart. The
 * contract's insight schemas stay out of this file, which every page's route tree loads.
 */
export const Route = createFileRoute('/admin/insights/')({
  validateSearch: searchOf((search) => ({
    tab: optionalOneOf(search.tab, INSIGHT_TABS),
    // Checked by the list against the contract's kinds, which this file does not load.
    kind: optionalText(search.kind, 20),
    page: optionalPage(search.page),
    pageSize: optionalPageSize(search.pageSize),
    course: optionalText(search.course, 40),
  })),
  component: InsightsScreen,
})
