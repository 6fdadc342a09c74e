import { z } from 'zod/mini'

import { CONTENT_STATUSES } from './content-status'
import { endpoint, envelope, requiredName } from './contract'

export { CONTENT_STATUSES }

export const CONTENT_PLATFORMS = [
  'instagram',
  'tiktok',
  'youtube',
  'facebook',
  'twitter',
  'pinterest',
  'blog',
  'email',
  'other',
] as const

/** The publishing checklist a member ticks per piece. */
export const CHECKLIST_ITEMS = [
  { key: 'hook', label: 'Opens with a hook in the first line or seconds' },
  { key: 'value', label: 'Gives one clear, useful takeaway' },
  { key: 'cta', label: 'Ends with a call to action' },
  { key: 'link', label: 'Affiliate or opt-in link added and tested' },
  { key: 'disclosure', label: 'Affiliate disclosure included' },
  { key: 'hashtags', label: 'Hashtags or keywords chosen' },
  { key: 'visual', label: 'Thumbnail, cover or image ready' },
  { key: 'proofread', label: 'Proofread' },
  { key: 'scheduled', label: 'Scheduled or published' },
] as const
export type ChecklistKey = (typeof CHECKLIST_ITEMS)[number]['key']
const checklistKeys = CHECKLIST_ITEMS.map((i) => i.key) as [ChecklistKey, ...ChecklistKey[]]

export const MAX_CONTENT_ITEMS = 2000

export const contentItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  platform: z.enum(CONTENT_PLATFORMS),
  niche: z.string(),
  status: z.enum(CONTENT_STATUSES),
  plannedDate: z.nullable(z.iso.date()),
  body: z.string(),
  checklist: z.partialRecord(z.enum(checklistKeys), z.boolean()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type ContentItem = z.infer<typeof contentItemSchema>

export const contentBodySchema = z.strictObject({
  title: requiredName('Title', 200),
  platform: z.enum(CONTENT_PLATFORMS, 'Choose a platform'),
  niche: z._default(
    z.string().check(z.trim(), z.maxLength(80, 'Niche is at most 80 characters')),
    '',
  ),
  status: z._default(z.enum(CONTENT_STATUSES), 'idea'),
  plannedDate: z._default(z.nullable(z.iso.date('Planned date must be a date (YYYY-MM-DD)')), null),
  body: z._default(
    z.string().check(z.maxLength(50_000, 'The text is at most 50,000 characters')),
    '',
  ),
  checklist: z._default(z.partialRecord(z.enum(checklistKeys), z.boolean()), {}),
})
export type ContentBody = z.input<typeof contentBodySchema>

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })

export const content = {
  list: endpoint({
    method: 'GET',
    path: '/content',
    access: 'member',
    area: 'content',
    summary: 'The own content pieces, most recently changed first',
    query: z.strictObject({
      status: z.optional(z.enum(CONTENT_STATUSES)),
      search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    }),
    response: envelope(z.array(contentItemSchema)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/content',
    access: 'member',
    area: 'content',
    summary: 'Plan a content piece',
    body: contentBodySchema,
    status: 201,
    response: envelope(contentItemSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/content/:id',
    access: 'member',
    area: 'content',
    summary: 'One own content piece',
    params: idParams,
    response: envelope(contentItemSchema),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/content/:id',
    access: 'member',
    area: 'content',
    summary: 'Change an own content piece, its checklist included',
    params: idParams,
    body: contentBodySchema,
    response: envelope(contentItemSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/content/:id',
    access: 'member',
    area: 'content',
    summary: 'Delete an own content piece',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
}
