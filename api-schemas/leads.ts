import { z } from 'zod/mini'

import {
  emailSchema,
  endpoint,
  envelope,
  MAX_PAGE_SIZE,
  messageSchema,
  pageOf,
  phoneSchema,
  requiredName,
} from './contract'
import { LEAD_SORT_COLUMNS } from './lead-sort'

export { LEAD_SORT_COLUMNS }

export const LEADS_EMAIL_REQUIRED = 'Email parameter is required'
export const LEAD_SOURCES = ['manual', 'optin'] as const
export const MAX_LEADS = 50_000

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.enum(LEAD_SOURCES),
  consent: z.boolean(),
  notes: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Lead = z.infer<typeof leadSchema>

export const leadBodySchema = z.strictObject({
  name: requiredName('Name', 120),
  email: emailSchema,
  phone: z._default(phoneSchema, ''),
  consent: z._default(z.boolean(), false),
  notes: z._default(z.string().check(z.maxLength(5000, 'Notes are at most 5,000 characters')), ''),
})
export type LeadBody = z.input<typeof leadBodySchema>

/** What the public opt-in form posts. `website` is a honeypot: people leave it empty. */
export const captureBodySchema = z.strictObject({
  name: requiredName('Name', 120),
  email: emailSchema,
  consent: z.union([z.literal(true), z.literal('on'), z.literal('true')], {
    error: 'Tick the box to agree to be contacted',
  }),
  website: z.optional(z.string().check(z.maxLength(200))),
})

export const leadFormSchema = z.object({
  key: z.string(),
  /** The public opt-in page, relative to the site. */
  optinPath: z.string(),
  /** Where a plain HTML form posts, relative to the site. */
  captureAction: z.string(),
})

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })
const keyParams = z.strictObject({
  key: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unknown form')),
})

export const leads = {
  list: endpoint({
    method: 'GET',
    path: '/leads',
    access: 'member',
    area: 'viralLeads',
    summary: 'Leads of a member by e-mail: the own, or anyone’s for an administrator',
    query: z.strictObject({
      email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
      search: z.optional(
        z.string().check(z.trim(), z.maxLength(100, 'Search is at most 100 characters')),
      ),
      sort: z._default(z.enum(LEAD_SORT_COLUMNS), 'createdAt'),
      order: z._default(z.enum(['asc', 'desc']), 'desc'),
      page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
      pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), 20),
    }),
    response: envelope(pageOf(leadSchema)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/leads',
    access: 'member',
    area: 'viralLeads',
    summary: 'Add a lead by hand',
    body: leadBodySchema,
    status: 201,
    response: envelope(leadSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/leads/:id',
    access: 'member',
    area: 'viralLeads',
    summary: 'One lead: an own one, or anyone’s for an administrator',
    params: idParams,
    response: envelope(leadSchema),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/leads/:id',
    access: 'member',
    area: 'viralLeads',
    summary: 'Change an own lead',
    params: idParams,
    body: leadBodySchema,
    response: envelope(leadSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/leads/:id',
    access: 'member',
    area: 'viralLeads',
    summary: 'Delete an own lead',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
  form: endpoint({
    method: 'GET',
    path: '/leads/form',
    access: 'member',
    area: 'viralLeads',
    summary: 'The own public opt-in form (made on first request)',
    response: envelope(leadFormSchema),
  }),
  rotateForm: endpoint({
    method: 'POST',
    path: '/leads/form/rotate',
    access: 'member',
    area: 'viralLeads',
    summary: 'Replace the opt-in form key: the old link and snippet stop working',
    response: envelope(leadFormSchema),
  }),
  publicForm: endpoint({
    method: 'GET',
    path: '/public/leads/:key',
    access: 'public',
    summary: 'What the public opt-in page shows',
    params: keyParams,
    response: envelope(z.object({ ownerName: z.string() })),
  }),
  capture: endpoint({
    method: 'POST',
    path: '/public/leads/:key',
    access: 'public',
    summary:
      'Public opt-in: name, e-mail and consent become a lead of the form’s owner (rate limited)',
    params: keyParams,
    body: captureBodySchema,
    formEncoded: true,
    response: messageSchema,
  }),
}
