import type { FastifyInstance } from 'fastify'

import { community } from '@schemas/community'

import { registerGroup } from '../plugins/contract'

export function communityRoutes(app: FastifyInstance) {
  const service = () => app.services.community
  registerGroup(app, community, {
    feed: async ({ query, member }) => ({ data: await service().feed(member, query) }),
    create: async ({ body, member }) => ({ data: await service().create(member, body) }),
    thread: async ({ params, member }) => ({ data: await service().thread(params.id, member) }),
    lesson: async ({ query, member }) => ({ data: await service().lesson(member, query) }),
    ask: async ({ query, body, member }) => ({
      data: await service().ask(member, query.path, body.body),
    }),
    editPost: async ({ params, body, member }) => ({
      data: await service().editPost(params.id, member, body),
    }),
    deletePost: async ({ params, member }) => ({
      data: await service().deletePost(params.id, member),
    }),
    reply: async ({ params, body, member }) => ({
      data: await service().reply(params.id, member, body),
    }),
    editReply: async ({ params, body, member }) => ({
      data: await service().editReply(params.id, member, body.body),
    }),
    deleteReply: async ({ params, member }) => ({
      data: await service().deleteReply(params.id, member),
    }),
    react: async ({ params, body, member }) => ({
      data: await service().react(params.id, member, body),
    }),
    follow: async ({ params, body, member }) => ({
      data: await service().follow(params.id, member, body.following),
    }),
    mentions: async ({ query, member }) => ({ data: await service().mentions(member, query) }),
    report: async ({ params, body, member }) => ({
      data: await service().report(params.id, member, body),
    }),
    pin: async ({ params, body, member }) => ({
      data: await service().pin(params.id, member, body.pinned),
    }),
    lock: async ({ params, body, member }) => ({
      data: await service().lock(params.id, member, body.locked),
    }),
    answer: async ({ params, body, member }) => ({
      data: await service().answer(params.id, member, body.replyId),
    }),
    reports: async () => ({ data: await service().reports() }),
    moderate: async ({ params, body, member }) => ({
      data: await service().moderate(params.id, member, body),
    }),
    mute: async ({ params, body, member }) => ({
      data: await service().mute(params.id, member, body.days),
    }),
  })
}
