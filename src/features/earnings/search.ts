import { z } from 'zod'

/** The dashboard's chosen period and product search, kept in the address so a view can be shared. */
export const earningsSearchSchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  /** A month 1–12, or "all" for the whole year. */
  month: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(12)])
    .optional()
    .catch(undefined),
  search: z.coerce.string().max(100).optional().catch(undefined),
})
export type EarningsSearch = z.infer<typeof earningsSearchSchema>
