import { createFileRoute } from '@tanstack/react-router'
import { optionalText, searchOf } from '../../lib/search-params'
import { LeadDetailScreen } from '../../features/leads/lead-detail-screen'

export const Route = createFileRoute('/admin/leaddetail')({
  validateSearch: searchOf((search) => ({ id: optionalText(search.id, 64) })),
  component: LeadDetailScreen,
})
