import { z } from 'zod/mini'

import { endpoint, envelope, linkSchema, memberIdSchema, optionalName } from './contract'
import { NICHES } from './niches'
import { BIO_MAX, instagramLength } from './tool-content'

/** Bios one member keeps. */
export const MAX_BIOS = 100
/** Instagram's longest profile name. */
export const PROFILE_NAME_MAX = 30
export const BIO_LINK_MAX = 500

export const BIO_TOO_LONG = `A bio is at most ${BIO_MAX} characters, as Instagram counts them`
export const TOO_MANY_BIOS = `You can keep at most ${MAX_BIOS} bios: delete some first`

const nicheSchema = z.union([z.enum(NICHES), z.literal('')], 'Choose a niche')

const nameSchema = optionalName('Name', PROFILE_NAME_MAX)

/** The bio as Instagram shows it: line breaks kept (as \n), at most BIO_MAX as Instagram counts. */
const bioSchema = z.string('Bio is required').check(
  z.overwrite((bio) => bio.replace(/\r\n?/g, '\n')),
  z.trim(),
  z.minLength(1, 'Bio is required'),
  // In code points, as a JSON schema counts, so the OpenAPI document shows the limit…
  z.maxLength(BIO_MAX, BIO_TOO_LONG),
  // …and as Instagram counts: UTF-16 units, so an emoji counts two.
  z.refine((bio) => instagramLength(bio) <= BIO_MAX, BIO_TOO_LONG),
  z.describe(
    `At most ${BIO_MAX} characters as Instagram counts them: a line break counts one, an emoji such as 💪 two`,
  ),
)

/** A bio as saved, whole: what is left out is saved empty. */
export const instagramBioBodySchema = z.strictObject({
  niche: z._default(nicheSchema, ''),
  name: z._default(nameSchema, ''),
  bio: bioSchema,
  link: z._default(linkSchema(BIO_LINK_MAX), ''),
  memberId: z.optional(memberIdSchema),
})
export type InstagramBioBody = z.input<typeof instagramBioBodySchema>

export const instagramBioSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  /** One of NICHES, or empty for a bio of no particular niche. */
  niche: z.string(),
  name: z.string(),
  bio: z.string(),
  link: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type InstagramBio = z.infer<typeof instagramBioSchema>

/** A bio template as the server hands it out (content/instagram/bio-templates.yaml). */
export const bioTemplateWireSchema = z.object({
  niche: z.enum(NICHES),
  name: z.string(),
  bio: z.string(),
  why: z.string(),
})
export type BioTemplateWire = z.infer<typeof bioTemplateWireSchema>

const memberParams = z.strictObject({ id: memberIdSchema })
const bioParams = z.strictObject({ id: z.uuid('Not a valid id') })

export const instagramBios = {
  create: endpoint({
    method: 'POST',
    path: '/instagrambio',
    access: 'member',
    area: 'instagram',
    summary: `Save an Instagram bio (a member keeps at most ${MAX_BIOS})`,
    body: instagramBioBodySchema,
    status: 201,
    response: envelope(instagramBioSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/instagrambio/:id',
    access: 'member',
    area: 'instagram',
    summary: "A member's saved Instagram bios, last saved first (id: the member's id)",
    params: memberParams,
    response: envelope(z.array(instagramBioSchema)),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/instagrambio/:id',
    access: 'member',
    area: 'instagram',
    summary: "Replace a saved Instagram bio with the one sent (id: the bio's id)",
    params: bioParams,
    body: instagramBioBodySchema,
    response: envelope(instagramBioSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/instagrambio/:id',
    access: 'member',
    area: 'instagram',
    summary: "Delete a saved Instagram bio (id: the bio's id)",
    params: bioParams,
    body: z.strictObject({ memberId: memberIdSchema }),
    response: envelope(z.object({ id: z.string() })),
  }),
  templates: endpoint({
    method: 'GET',
    path: '/biotemplates',
    access: 'member',
    area: 'instagram',
    title: 'Instagram bio templates',
    summary:
      'Instagram bio templates, nine per niche, with {topic}, {audience} and {freebie} to fill',
    response: envelope(z.array(bioTemplateWireSchema)),
  }),
}
