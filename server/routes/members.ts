import type { FastifyInstance } from 'fastify'

import { members } from '@schemas/members'

import { notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { listAudit } from '../repos/audit'
import { memberStats } from '../repos/member-stats'
import { adminEmails, findMemberById, findPhoto, toProfile } from '../repos/members'
import { listMembers } from '../repos/members-list'

const message = (text: string) => ({ data: { message: text } })

export function memberRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const service = () => app.services.members
  registerGroup(app, members, {
    profile: async ({ params, member }) => ({
      data: toProfile(await service().visibleByEmail(member, params.email)),
    }),
    updateProfile: async ({ params, body, member, file }) => ({
      data: await service().updateProfile(member, params.email, body, file),
    }),
    photo: async ({ params, reply }) => {
      const photo = await findPhoto(db(), params.photoId)
      if (!photo) throw notFound('Photo not found')
      // A new upload gets a new id, so this URL's bytes never change.
      reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
      return photo.content
    },
    updateEmail: async ({ query, body, member }) => ({
      data: await service().updateEmail(
        member,
        query.oldEmail,
        query.newEmail,
        body?.currentPassword,
      ),
    }),
    deleteMember: async ({ params, member }) => {
      await service().deleteMember(member, params.email)
      return message('Member deleted')
    },
    createMember: async ({ body, member }) => ({
      data: await service().createMember(member, body),
    }),
    list: async ({ query }) => ({ data: await listMembers(db(), query) }),
    stats: async () => ({ data: await memberStats(db(), app.services.now()) }),
    updatePageAccess: async ({ body, member }) => ({
      data: await service().setAreas(member, body.email, body.areas),
    }),
    memberInfo: async ({ query, member }) => {
      const id = query.member_id ?? member.id
      if (id !== member.id && member.role !== 'admin') throw notFound('Member not found')
      const row = await findMemberById(db(), id)
      if (!row) throw notFound('Member not found')
      // Only administrators learn who manages page access; for anyone else the list is empty.
      const allMember = member.role === 'admin' ? await adminEmails(db()) : []
      return {
        data: {
          member: {
            id: row.id,
            email: row.email,
            allMember: allMember.map((email) => ({ email })),
          },
          clickbank: await app.services.accounts.view(row.id, 'clickbank'),
        },
      }
    },
    audit: async ({ query }) => ({ data: await listAudit(db(), query.page, query.pageSize) }),
  })
}
