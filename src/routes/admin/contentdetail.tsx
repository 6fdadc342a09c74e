import { createFileRoute } from '@tanstack/react-router'

import { ContentDetailScreen } from '@/features/content/content-detail-screen'
import { optionalUuid, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/contentdetail')({
  validateSearch: searchOf((search) => ({ id: optionalUuid(search.id) })),
  component: ContentDetailScreen,
})
