import { createFileRoute } from '@tanstack/react-router'

import { LeadDetailScreen } from '@/features/leads/lead-detail-screen'
import { optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/leaddetail')({
  validateSearch: searchOf((search) => ({ id: optionalText(search.id, 64) })),
  component: LeadDetailScreen,
})
