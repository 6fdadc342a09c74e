import type { FastifyInstance } from 'fastify'

import { members } from '../../api-schemas/members'
import { notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { listMembers } from '../repos/members-list'
import { findMemberByEmail, toProfile } from '../repos/members'

export function memberRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  registerGroup(app, members, {
    profile: async ({ params, member }) => {
      const email = params.email.trim().toLowerCase()
      // Someone else's profile does not exist, as far as a member can tell.
      if (member.role !== 'admin' && email !== member.email) throw notFound('Profile not found')
      const row = await findMemberByEmail(db(), email)
      if (!row) throw notFound('Profile not found')
      return { data: toProfile(row) }
    },
    list: async ({ query }) => ({ data: await listMembers(db(), query) }),
  })
}
