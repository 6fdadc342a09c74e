import { z } from 'zod/mini'

/** What the community shows of a member: their name and handle, never their e-mail. */
export const authorSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  role: z.enum(['admin', 'member']),
  /** Their level (1–9), from their points. */
  level: z.number(),
})
export type Author = z.infer<typeof authorSchema>
