import { z } from 'zod/mini'

import {
  endpoint,
  envelope,
  linkSchema,
  memberIdSchema,
  requiredName,
  optionalText as text,
  withThousands,
} from './contract'
import { hashtagsSchema, PLAN_LIMITS, POST_FORMATS, type Niche } from './niches'

/** Where a planned post stands. */
export const ITEM_STATUSES = ['idea', 'drafted', 'scheduled', 'posted'] as const
export type ItemStatus = (typeof ITEM_STATUSES)[number]

/** Rows one sheet holds (a niche's own sheet, or one custom niche). */
export const MAX_SHEET_ROWS = 5_000
/** Rows one import or multi-row copy sends at once. */
export const MAX_BATCH_ROWS = 500
export const MAX_CUSTOM_NICHES = 50
export const MAX_LINK = 500

/** The 400 of a custom niche's sheet asked for without its member or its niche. */
export const CUSTOM_NICHE_REQUIRED = "Both 'member' and 'nicheLabel' are required."
/** What a failed niche fetch shows when the server sent no message of its own. */
export const NICHE_FETCH_FAILED = 'Error fetching niche data'

/** Every column of a content-plan row, each checked, none required: a sheet row may be blank. */
const columns = {
  subNiche: text('Sub-niche', PLAN_LIMITS.subNiche),
  audience: text('Audience', PLAN_LIMITS.audience),
  pain: text('Pain', PLAN_LIMITS.pain),
  offerCategory: text('Offer category', PLAN_LIMITS.offerCategory),
  hook: text('Hook', PLAN_LIMITS.hook),
  postFormat: z.union([z.enum(POST_FORMATS), z.literal('')], 'Choose a post format'),
  postIdea: text('Post idea', PLAN_LIMITS.postIdea),
  cta: text('Call to action', PLAN_LIMITS.cta),
  hashtags: hashtagsSchema,
  status: z.enum(ITEM_STATUSES, `Status is one of ${ITEM_STATUSES.join(', ')}`),
  link: linkSchema(MAX_LINK),
  note: text('Note', PLAN_LIMITS.note),
}
export type ItemColumn = keyof typeof columns
export const ITEM_COLUMNS = Object.keys(columns) as ItemColumn[]

/** The largest position: far above any sheet's row count, far below where doubles lose halves. */
const MAX_POSITION = 1_000_000_000
const POSITION_RANGE = `Position is a number from 0 to ${withThousands(MAX_POSITION)}`

/**
 * A row's place in its sheet: rows are listed by it, and a duplicate lands just below (half way
 * to the next row, so it may be a fraction). Bounded, so no row can be put before the first
 * place or beyond where every later row would get the same one.
 */
const positionSchema = z
  .number(POSITION_RANGE)
  .check(z.gte(0, POSITION_RANGE), z.lte(MAX_POSITION, POSITION_RANGE))

const rowShape = {
  subNiche: z._default(columns.subNiche, ''),
  audience: z._default(columns.audience, ''),
  pain: z._default(columns.pain, ''),
  offerCategory: z._default(columns.offerCategory, ''),
  hook: z._default(columns.hook, ''),
  postFormat: z._default(columns.postFormat, ''),
  postIdea: z._default(columns.postIdea, ''),
  cta: z._default(columns.cta, ''),
  hashtags: z._default(columns.hashtags, ''),
  status: z._default(columns.status, 'idea'),
  link: z._default(columns.link, ''),
  note: z._default(columns.note, ''),
  position: z.optional(positionSchema),
}

/** A new row: every column may be left out (empty, status "idea"). */
export const itemRowSchema = z.strictObject(rowShape)
export type ItemRow = z.input<typeof itemRowSchema>

export const itemCreateSchema = z.strictObject({
  ...rowShape,
  memberId: z.optional(memberIdSchema),
})
export type ItemCreate = z.input<typeof itemCreateSchema>

/** A change in place: only the columns sent change (a spreadsheet saves one cell at a time). */
export const itemUpdateSchema = z.strictObject({
  subNiche: z.optional(columns.subNiche),
  audience: z.optional(columns.audience),
  pain: z.optional(columns.pain),
  offerCategory: z.optional(columns.offerCategory),
  hook: z.optional(columns.hook),
  postFormat: z.optional(columns.postFormat),
  postIdea: z.optional(columns.postIdea),
  cta: z.optional(columns.cta),
  hashtags: z.optional(columns.hashtags),
  status: z.optional(columns.status),
  link: z.optional(columns.link),
  note: z.optional(columns.note),
  position: z.optional(positionSchema),
  memberId: z.optional(memberIdSchema),
})
export type ItemUpdate = z.input<typeof itemUpdateSchema>

export const nicheItemSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  /** One of NICHES, or "custom" for a row of a member's own niche. */
  niche: z.string(),
  customNicheId: z.nullable(z.string()),
  /** Written on the phone flow. */
  phone: z.boolean(),
  subNiche: z.string(),
  audience: z.string(),
  pain: z.string(),
  offerCategory: z.string(),
  hook: z.string(),
  postFormat: z.string(),
  postIdea: z.string(),
  cta: z.string(),
  hashtags: z.string(),
  status: z.enum(ITEM_STATUSES),
  link: z.string(),
  note: z.string(),
  position: z.number(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type NicheItem = z.infer<typeof nicheItemSchema>

const batchRows = z
  .array(itemRowSchema)
  .check(
    z.minLength(1, 'Send at least one row'),
    z.maxLength(MAX_BATCH_ROWS, `At most ${MAX_BATCH_ROWS} rows at once`),
  )

const memberParams = z.strictObject({ id: memberIdSchema })
const itemParams = z.strictObject({ id: z.uuid('Not a valid id') })
const removeBody = z.strictObject({ memberId: memberIdSchema })
const itemList = envelope(z.array(nicheItemSchema))
const removed = envelope(z.object({ id: z.string() }))
const added = envelope(z.object({ added: z.int() }))

/** The calls of one niche's own sheet, at `/{path}` as the spec names them. */
const sheetGroup = (path: string, niche: string) => ({
  create: endpoint({
    method: 'POST',
    path: `/${path}`,
    access: 'member',
    area: 'niches',
    summary: `Add a row to a member's ${niche} sheet`,
    body: itemCreateSchema,
    status: 201,
    response: envelope(nicheItemSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: `/${path}/:id`,
    access: 'member',
    area: 'niches',
    summary: `A member's ${niche} sheet (id: the member's id), in sheet order`,
    params: memberParams,
    response: itemList,
  }),
  update: endpoint({
    method: 'PUT',
    path: `/${path}/:id`,
    access: 'member',
    area: 'niches',
    summary: `Change cells of a row of the ${niche} sheet (id: the row's id)`,
    params: itemParams,
    body: itemUpdateSchema,
    response: envelope(nicheItemSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `/${path}/:id`,
    access: 'member',
    area: 'niches',
    summary: `Delete a row of the ${niche} sheet (id: the row's id)`,
    params: itemParams,
    body: removeBody,
    response: removed,
  }),
  batch: endpoint({
    method: 'POST',
    path: `/${path}/batch`,
    access: 'member',
    area: 'niches',
    summary: `Add up to ${MAX_BATCH_ROWS} rows to the ${niche} sheet at once (copy, import)`,
    body: z.strictObject({ memberId: z.optional(memberIdSchema), rows: batchRows }),
    status: 201,
    response: added,
  }),
})

export const SHEET_PATHS = {
  health: 'healthniche',
  wealth: 'wealthniche',
  relationship: 'relationshipniche',
  woodworking: 'woodworkingniche',
} as const satisfies Record<Niche, string>

export const healthNiche = sheetGroup(SHEET_PATHS.health, 'health')
export const wealthNiche = sheetGroup(SHEET_PATHS.wealth, 'wealth')
export const relationshipNiche = sheetGroup(SHEET_PATHS.relationship, 'relationship')
export const woodworkingNiche = sheetGroup(SHEET_PATHS.woodworking, 'woodworking')

const phoneCreate = (path: string, niche: string) =>
  endpoint({
    method: 'POST',
    path: `/${path}`,
    access: 'member',
    area: 'niches',
    summary: `Save a ${niche} post written on the phone`,
    body: itemCreateSchema,
    status: 201,
    response: envelope(nicheItemSchema),
  })

export const PHONE_PATHS = {
  health: 'healthmob',
  wealth: 'wealthmob',
  relationship: 'relationshipmob',
  woodworking: 'woodworkingmob',
} as const satisfies Record<Niche, string>

export const phoneItems = {
  createHealth: phoneCreate(PHONE_PATHS.health, 'health'),
  createWealth: phoneCreate(PHONE_PATHS.wealth, 'wealth'),
  createRelationship: phoneCreate(PHONE_PATHS.relationship, 'relationship'),
  createWoodworking: phoneCreate(PHONE_PATHS.woodworking, 'woodworking'),
  list: endpoint({
    method: 'GET',
    path: '/mobileniche/:id',
    access: 'member',
    area: 'niches',
    summary: "A member's posts written on the phone, newest first (id: the member's id)",
    params: memberParams,
    response: itemList,
  }),
}

export const nicheLabelSchema = requiredName('Niche name', 60).check(
  z.regex(/^[^/\\?#%]*$/, 'A niche name may not hold / \\ ? # or %'),
)

export const customNicheSchema = z.object({
  id: z.string(),
  label: z.string(),
  rows: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type CustomNiche = z.infer<typeof customNicheSchema>

const customRowCreate = z.strictObject({
  ...rowShape,
  memberId: z.optional(memberIdSchema),
  nicheLabel: nicheLabelSchema,
})

export const customNiches = {
  create: endpoint({
    method: 'POST',
    path: '/addniche',
    access: 'member',
    area: 'niches',
    summary: 'Create a niche of the own',
    body: z.strictObject({ memberId: z.optional(memberIdSchema), label: nicheLabelSchema }),
    status: 201,
    response: envelope(customNicheSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/addniche/:id',
    access: 'member',
    area: 'niches',
    summary: "A member's own niches with their row counts (id: the member's id)",
    params: memberParams,
    response: envelope(z.array(customNicheSchema)),
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/addniche/:id',
    access: 'member',
    area: 'niches',
    summary: "Rename an own niche (id: the niche's id)",
    params: itemParams,
    body: z.strictObject({ memberId: z.optional(memberIdSchema), label: nicheLabelSchema }),
    response: envelope(customNicheSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/addniche/:id',
    access: 'member',
    area: 'niches',
    summary: "Delete an own niche and every row of it (id: the niche's id)",
    params: itemParams,
    body: removeBody,
    response: removed,
  }),
  addRow: endpoint({
    method: 'POST',
    path: '/createniche',
    access: 'member',
    area: 'niches',
    title: 'Add a row to an own niche (card view)',
    summary: 'Add a row to an own niche, named by its label (card view)',
    body: customRowCreate,
    status: 201,
    response: envelope(nicheItemSchema),
  }),
  allRows: endpoint({
    method: 'GET',
    path: '/createniche/:id',
    access: 'member',
    area: 'niches',
    summary: "Every row of a member's own niches (id: the member's id)",
    params: memberParams,
    response: itemList,
  }),
  deskCreate: endpoint({
    method: 'POST',
    path: '/customdeskniche',
    access: 'member',
    area: 'niches',
    title: 'Add a row to an own niche (desk view)',
    summary: 'Add a row to an own niche, named by its label (desk view)',
    body: customRowCreate,
    status: 201,
    response: envelope(nicheItemSchema),
  }),
  deskList: endpoint({
    method: 'GET',
    path: '/customdeskniche',
    access: 'member',
    area: 'niches',
    summary: "One own niche's rows: `member` (the member's id) and `niche` (its label)",
    query: z.object({ member: z.optional(z.string()), niche: z.optional(z.string()) }),
    response: itemList,
  }),
  deskUpdate: endpoint({
    method: 'PUT',
    path: '/customdeskniche/:id',
    access: 'member',
    area: 'niches',
    summary: "Change cells of a row of an own niche (id: the row's id)",
    params: itemParams,
    body: itemUpdateSchema,
    response: envelope(nicheItemSchema),
  }),
  deskRemove: endpoint({
    method: 'DELETE',
    path: '/customdeskniche/:id',
    access: 'member',
    area: 'niches',
    summary: "Delete a row of an own niche: `Member` (the member's id), `niche` (its label)",
    params: itemParams,
    query: z.object({
      Member: z.optional(z.string()),
      niche: z.optional(z.string()),
      id: z.optional(z.string()),
    }),
    response: removed,
  }),
  deskBatch: endpoint({
    method: 'POST',
    path: '/customdeskniche/batch',
    access: 'member',
    area: 'niches',
    summary: `Add up to ${MAX_BATCH_ROWS} rows to an own niche at once (copy, import)`,
    body: z.strictObject({
      memberId: z.optional(memberIdSchema),
      nicheLabel: nicheLabelSchema,
      rows: batchRows,
    }),
    status: 201,
    response: added,
  }),
}
