import type { FastifyInstance } from 'fastify'

import { MAX_BIOS, TOO_MANY_BIOS, instagramBios } from '../../api-schemas/instagram'
import type { BioTemplate } from '../../api-schemas/tool-content'
import { badRequest, notFound } from '../errors'
import { lastingAnswer, registerGroup } from '../plugins/contract'
import {
  type BioValues,
  countBios,
  insertBio,
  listBios,
  removeBio,
  updateBio,
} from '../repos/instagram-bios'
import { actingFor } from './acting-for'

/** The columns of a bio as sent, without who it is for. */
const valuesOf = ({ niche, name, bio, link }: BioValues): BioValues => ({ niche, name, bio, link })

/**
 * A member's saved Instagram bios (the owner comes from the token; an administrator may name any
 * member), and the bio templates, read at start and sent as one unchanging answer.
 */
export function instagramBioRoutes(app: FastifyInstance, templates: readonly BioTemplate[]) {
  const db = () => app.services.database.db
  const templatesAnswer = lastingAnswer({ data: [...templates] })

  const found = <T>(value: T | undefined | false): T => {
    if (!value) throw notFound('Bio not found')
    return value
  }

  registerGroup(app, instagramBios, {
    create: async ({ body, member }) => {
      const memberId = await actingFor(db(), member, body.memberId)
      if ((await countBios(db(), memberId)) >= MAX_BIOS) throw badRequest(TOO_MANY_BIOS)
      return { data: await insertBio(db(), memberId, valuesOf(body)) }
    },
    list: async ({ params, member }) => ({
      data: await listBios(db(), await actingFor(db(), member, params.id)),
    }),
    update: async ({ params, body, member }) => {
      const memberId = await actingFor(db(), member, body.memberId)
      return { data: found(await updateBio(db(), memberId, params.id, valuesOf(body))) }
    },
    remove: async ({ params, body, member }) => {
      const memberId = await actingFor(db(), member, body.memberId)
      found(await removeBio(db(), memberId, params.id))
      return { data: { id: params.id } }
    },
    templates: async () => templatesAnswer,
  })
}
