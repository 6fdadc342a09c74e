import { z } from 'zod'

import { roleSchema } from './auth'
import { endpoint, envelope } from './contract'

export const profileSchema = z.object({
  id: z.string(),
  email: z.email(),
  role: roleSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  username: z.string(),
  note: z.string(),
  photoUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type Profile = z.infer<typeof profileSchema>

export const memberSummarySchema = z.object({
  id: z.string(),
  email: z.email(),
  role: roleSchema,
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.iso.datetime(),
})
export type MemberSummary = z.infer<typeof memberSummarySchema>

export const MEMBER_SORT_COLUMNS = ['email', 'firstName', 'lastName', 'role', 'createdAt'] as const
export const MAX_PAGE_SIZE = 100

export const memberListQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  sort: z.enum(MEMBER_SORT_COLUMNS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`)
    .default(20),
})
export type MemberListQuery = z.input<typeof memberListQuerySchema>

export const memberPageSchema = z.object({
  items: z.array(memberSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type MemberPage = z.infer<typeof memberPageSchema>

export const members = {
  profile: endpoint({
    method: 'GET',
    path: '/profile/:email',
    access: 'member',
    summary: "A member's profile: the own one, or anyone's for an administrator",
    params: z.strictObject({ email: z.string().min(1).max(254) }),
    response: envelope(profileSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/getmember',
    access: 'admin',
    summary: 'Members, searched by name and e-mail, sorted and paged (administrators)',
    query: memberListQuerySchema,
    response: envelope(memberPageSchema),
  }),
}
