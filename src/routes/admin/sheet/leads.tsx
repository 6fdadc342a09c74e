import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { LEAD_SORT_COLUMNS } from '../../../../api-schemas/leads'
import { LeadsScreen } from '../../../features/leads/leads-screen'

export const Route = createFileRoute('/admin/sheet/leads')({
  validateSearch: z.object({
    search: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
    sort: z.catch(z.optional(z.enum(LEAD_SORT_COLUMNS)), undefined),
    order: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
    page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined),
    pageSize: z.catch(
      z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
      undefined,
    ),
  }),
  component: LeadsScreen,
})
