import { z } from 'zod/mini'

/** The dashboard's chosen period and product search, kept in the address so a view can be shared. */
export const earningsSearchSchema = z.object({
  year: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))), undefined),
  /** A month 1–12, or "all" for the whole year. */
  month: z.catch(
    z.optional(z.union([z.literal('all'), z.coerce.number().check(z.int(), z.gte(1), z.lte(12))])),
    undefined,
  ),
  search: z.catch(z.optional(z.coerce.string().check(z.maxLength(100))), undefined),
})
export type EarningsSearch = z.infer<typeof earningsSearchSchema>
