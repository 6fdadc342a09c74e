import type { FastifyInstance } from 'fastify'

import { accounts } from '@schemas/earnings'

import { badRequest } from '../errors'
import { registerGroup } from '../plugins/contract'

export function accountsRoutes(app: FastifyInstance) {
  const service = () => app.services.accounts

  registerGroup(app, accounts, {
    createMemberInfo: async ({ member, body }) => {
      const owner = await service().owner(member, body.member_id)
      return { data: await service().save(owner, 'clickbank', body.nickname, body.apiKey) }
    },
    dgMemberInfo: async ({ member, query }) => {
      const owner = await service().owner(member, query.member_id)
      return { data: { digistore24: await service().view(owner, 'digistore24') } }
    },
    saveDgMemberInfo: async ({ member, body }) => {
      const owner = await service().owner(member, body.member_id)
      return { data: await service().save(owner, 'digistore24', body.affiliateId, body.apiKey) }
    },
    account: async ({ member, params, query }) => {
      const owner = await service().owner(member, query.member_id)
      return { data: await service().viewOrFail(owner, params.network) }
    },
    testConnection: async ({ member, params, body }) => {
      const owner = await service().owner(member, body.member_id)
      return { data: { message: await service().test(owner, params.network) } }
    },
    sync: async ({ member, params, body }) => {
      const owner = await service().owner(member, body.member_id)
      return { data: await service().sync(owner, params.network) }
    },
    importCsv: async ({ member, params, body, file }) => {
      const owner = await service().owner(member, body.member_id)
      if (!file) throw badRequest('file: choose a CSV file')
      if (file.buffer.includes(0)) throw badRequest('file: this is not a CSV file')
      const text = file.buffer.toString('utf8')
      return { data: await service().importCsv(owner, params.network, text) }
    },
    disconnect: async ({ member, params, query }) => {
      const owner = await service().owner(member, query.member_id)
      return { data: { message: await service().disconnect(owner, params.network) } }
    },
  })
}
