import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { LeadDetailScreen } from '../../features/leads/lead-detail-screen'

export const Route = createFileRoute('/admin/leaddetail')({
  validateSearch: z.object({
    id: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  }),
  component: LeadDetailScreen,
})
