import { createFileRoute } from '@tanstack/react-router'

import { PlansSheetScreen } from '@/features/tools/plans-sheet-screen'
import { optionalText, searchOf } from '@/lib/search-params'

/** `?plan=` opens that plan's days, checklist and warnings; the filters narrow the sheet. */
export const Route = createFileRoute('/admin/quickcash/viralspreadsheet')({
  validateSearch: searchOf((search) => ({
    plan: optionalText(search.plan, 80),
    traffic: optionalText(search.traffic, 80),
    offer: optionalText(search.offer, 120),
  })),
  component: PlansSheetScreen,
})
