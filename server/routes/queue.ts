import type { FastifyInstance } from 'fastify'

import { MAX_QUEUE_POSTS, queue, QUEUE_EVENT_MINUTES } from '@schemas/queue'

import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import {
  findQueuePost,
  insertQueuePost,
  listQueue,
  putOnCalendar,
  queueSize,
  removeQueuePost,
  setQueueOrder,
  updateQueuePost,
  waitingIds,
} from '../repos/queue'

/** The first words of a post, for its calendar event's title. */
const titleOf = (channel: string, text: string) => {
  const line = text.split('\n')[0]!.trim()
  const short = line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line
  return `Post on ${channel}: ${short}`
}

export function queueRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const found = <T>(row: T | undefined | false): T => {
    if (!row) throw notFound('Post not found')
    return row
  }

  registerGroup(app, queue, {
    list: async ({ member }) => ({ data: await listQueue(db(), member.id) }),
    create: async ({ body, member }) => {
      const size = await queueSize(db(), member.id)
      if (size.posts >= MAX_QUEUE_POSTS) {
        throw badRequest(`You can keep at most ${MAX_QUEUE_POSTS} posts: delete some first`)
      }
      const post = await insertQueuePost(db(), member.id, {
        channel: body.channel,
        text: body.text,
        scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : null,
        position: size.next,
      })
      return { data: post }
    },
    update: async ({ params, body, member }) => {
      const { posted, scheduledAt, ...rest } = body
      const values: Parameters<typeof updateQueuePost>[3] = { ...rest }
      if (scheduledAt !== undefined) values.scheduledAt = scheduledAt ? new Date(scheduledAt) : null
      if (posted !== undefined) {
        values.postedAt = posted ? new Date() : null
        // Back in the queue, a post goes to its end.
        if (!posted) values.position = (await queueSize(db(), member.id)).next
      }
      return { data: found(await updateQueuePost(db(), member.id, params.id, values)) }
    },
    remove: async ({ params, member }) => {
      found(await removeQueuePost(db(), member.id, params.id))
      return { data: { id: params.id } }
    },
    reorder: async ({ body, member }) => {
      const waiting = new Set(await waitingIds(db(), member.id))
      const given = new Set(body.ids)
      if (
        given.size !== body.ids.length ||
        given.size !== waiting.size ||
        body.ids.some((id) => !waiting.has(id))
      ) {
        throw badRequest('ids: list every waiting post of the queue once, and nothing else')
      }
      await setQueueOrder(db(), member.id, body.ids)
      return { data: await listQueue(db(), member.id) }
    },
    toCalendar: async ({ params, member }) => {
      const post = found(await findQueuePost(db(), member.id, params.id))
      if (!post.scheduledAt)
        throw badRequest('Give the post a time before putting it on the calendar')
      if (post.eventId) throw badRequest('This post is on the calendar already')
      const startsAt = post.scheduledAt
      return {
        data: await putOnCalendar(db(), member.id, post, {
          title: titleOf(post.channel, post.text),
          description: post.text,
          startsAt,
          endsAt: new Date(startsAt.getTime() + QUEUE_EVENT_MINUTES * 60_000),
        }),
      }
    },
  })
}
