import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { LEAD_SORT_COLUMNS } from '../../../../api-schemas/leads'
import { LeadsScreen } from '../../../features/leads/leads-screen'

export const Route = createFileRoute('/admin/sheet/leads')({
  validateSearch: z.object({
    search: z.string().max(100).optional().catch(undefined),
    sort: z.enum(LEAD_SORT_COLUMNS).optional().catch(undefined),
    order: z.enum(['asc', 'desc']).optional().catch(undefined),
    page: z.coerce.number().int().min(1).optional().catch(undefined),
    pageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  }),
  component: LeadsScreen,
})
