import { createFileRoute } from '@tanstack/react-router'
import { optionalUuid, searchOf } from '../../lib/search-params'
import { ContentDetailScreen } from '../../features/content/content-detail-screen'

export const Route = createFileRoute('/admin/contentdetail')({
  validateSearch: searchOf((search) => ({ id: optionalUuid(search.id) })),
  component: ContentDetailScreen,
})
