import type { FastifyInstance } from 'fastify'

import { type EventBody, events } from '../../api-schemas/events'
import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { eventRows, listEvents, toEvent } from '../repos/events'

const MAX_EVENTS = 10_000

const toColumns = ({ start, end, ...rest }: Required<EventBody>) => ({
  ...rest,
  startsAt: new Date(start),
  endsAt: new Date(end),
})

export function eventRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const found = <T>(row: T | undefined) => {
    if (!row) throw notFound('Event not found')
    return row
  }
  registerGroup(app, events, {
    list: async ({ query, member }) => ({
      data: await listEvents(db(), member.id, new Date(query.from), new Date(query.to)),
    }),
    create: async ({ body, member }) => {
      if ((await eventRows.count(db(), member.id)) >= MAX_EVENTS) {
        throw badRequest(`You can keep at most ${MAX_EVENTS} events`)
      }
      return { data: toEvent(await eventRows.insert(db(), member.id, toColumns(body))) }
    },
    get: async ({ params, member }) => ({
      data: toEvent(found(await eventRows.get(db(), member.id, params.id))),
    }),
    update: async ({ params, body, member }) => ({
      data: toEvent(found(await eventRows.update(db(), member.id, params.id, toColumns(body)))),
    }),
    remove: async ({ params, member }) => {
      found((await eventRows.remove(db(), member.id, params.id)) || undefined)
      return { data: { id: params.id } }
    },
  })
}
