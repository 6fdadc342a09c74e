import type { FastifyInstance } from 'fastify'

import { certificates } from '@schemas/certificates'

import { registerGroup } from '../plugins/contract'

export function certificateRoutes(app: FastifyInstance) {
  const service = () => app.services.certificates
  registerGroup(app, certificates, {
    list: async ({ member }) => ({ data: await service().listOwn(member) }),
    pdf: async ({ params, member, reply }) => {
      const { bytes, fileName } = await service().pdf(params.id, member)
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
      return Buffer.from(bytes)
    },
    verify: async ({ params, req }) => {
      // Public and unguessable: each address may check only so many ids.
      await app.services.limiter.consume('certificateChecksPerIp', req.ip)
      return { data: await service().verify(params.id) }
    },
    ofMember: async ({ params }) => ({ data: await service().listOf(params.memberId) }),
    revoke: async ({ params, member }) => ({ data: await service().revoke(params.id, member) }),
    restore: async ({ params, member }) => ({ data: await service().restore(params.id, member) }),
  })
}
