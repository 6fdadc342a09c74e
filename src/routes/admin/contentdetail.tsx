import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { ContentDetailScreen } from '../../features/content/content-detail-screen'

export const Route = createFileRoute('/admin/contentdetail')({
  validateSearch: z.object({ id: z.uuid().optional().catch(undefined) }),
  component: ContentDetailScreen,
})
