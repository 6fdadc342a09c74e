import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { LeadDetailScreen } from '../../features/leads/lead-detail-screen'

export const Route = createFileRoute('/admin/leaddetail')({
  validateSearch: z.object({ id: z.string().max(64).optional().catch(undefined) }),
  component: LeadDetailScreen,
})
