import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { ContentDetailScreen } from '../../features/content/content-detail-screen'

export const Route = createFileRoute('/admin/contentdetail')({
  validateSearch: z.object({ id: z.catch(z.optional(z.uuid()), undefined) }),
  component: ContentDetailScreen,
})
