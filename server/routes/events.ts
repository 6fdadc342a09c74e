import type { FastifyInstance } from 'fastify'

import { events, type EventBody } from '@schemas/events'

import { registerGroup } from '../plugins/contract'
import { eventRows, listEvents, toEvent } from '../repos/events'
import { ownedCrud } from './owned-crud'

const MAX_EVENTS = 10_000

export function eventRoutes(app: FastifyInstance) {
  registerGroup(app, events, {
    list: async ({ query, member }) => ({
      data: await listEvents(
        app.services.database.db,
        member.id,
        new Date(query.from),
        new Date(query.to),
      ),
    }),
    ...ownedCrud(app, eventRows, {
      what: 'Event',
      plural: 'events',
      max: MAX_EVENTS,
      toWire: toEvent,
      toColumns: ({ start, end, ...rest }: Required<EventBody>) => ({
        ...rest,
        startsAt: new Date(start),
        endsAt: new Date(end),
      }),
    }),
  })
}
