import type { FastifyInstance } from 'fastify'

import { instagramBios, MAX_BIOS } from '@schemas/instagram'
import type { BioTemplate } from '@schemas/tool-content'

import { lastingAnswer, registerGroup } from '../plugins/contract'
import { bioRows, listBios, toBio, type BioValues } from '../repos/instagram-bios'
import { actingFor } from './acting-for'
import { ownedCrud } from './owned-crud'

/** The columns of a bio as sent, without who it is for. */
const valuesOf = ({ niche, name, bio, link }: BioValues): BioValues => ({ niche, name, bio, link })

/**
 * A member's saved Instagram bios (the owner comes from the token; an administrator may name any
 * member), and the bio templates, read at start and sent as one unchanging answer.
 */
export function instagramBioRoutes(app: FastifyInstance, templates: readonly BioTemplate[]) {
  const db = () => app.services.database.db
  const templatesAnswer = lastingAnswer({ data: [...templates] })
  const { create, update, remove } = ownedCrud(app, bioRows, {
    what: 'Bio',
    plural: 'bios',
    max: MAX_BIOS,
    toWire: toBio,
    toColumns: valuesOf,
    owner: (member, named) => actingFor(db(), member, named),
  })

  registerGroup(app, instagramBios, {
    create,
    list: async ({ params, member }) => ({
      data: await listBios(db(), await actingFor(db(), member, params.id)),
    }),
    update,
    remove,
    templates: async () => templatesAnswer,
  })
}
