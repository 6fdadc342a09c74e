import { z } from 'zod/mini'

import { endpoint, envelope, requiredName } from './contract'

export const EVENT_COLORS = ['blue', 'green', 'orange', 'red', 'purple', 'teal'] as const
export const MAX_RANGE_DAYS = 400

export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  allDay: z.boolean(),
  color: z.enum(EVENT_COLORS),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type CalendarEvent = z.infer<typeof eventSchema>

export const eventBodySchema = z
  .strictObject({
    title: requiredName('Title', 200),
    description: z._default(
      z.string().check(z.maxLength(5000, 'Description is at most 5,000 characters')),
      '',
    ),
    location: z._default(
      z.string().check(z.trim(), z.maxLength(200, 'Location is at most 200 characters')),
      '',
    ),
    start: z.iso.datetime({ offset: true, error: 'Start must be a date and time' }),
    end: z.iso.datetime({ offset: true, error: 'End must be a date and time' }),
    allDay: z._default(z.boolean(), false),
    color: z._default(z.enum(EVENT_COLORS), 'blue'),
  })
  .check(
    z.refine((e) => Date.parse(e.end) >= Date.parse(e.start), {
      message: 'End must not be before start',
      path: ['end'],
    }),
    z.describe('end is not before start'),
  )
export type EventBody = z.input<typeof eventBodySchema>

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })

export const events = {
  list: endpoint({
    method: 'GET',
    path: '/event',
    access: 'member',
    summary: `The own events overlapping a range of at most ${MAX_RANGE_DAYS} days`,
    query: z
      .strictObject({
        from: z.iso.datetime({ offset: true, error: 'from must be a date and time' }),
        to: z.iso.datetime({ offset: true, error: 'to must be a date and time' }),
      })
      .check(
        z.refine((q) => Date.parse(q.to) > Date.parse(q.from), {
          message: 'to must be after from',
          path: ['to'],
        }),
        z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= MAX_RANGE_DAYS * 86_400_000, {
          message: `The range is at most ${MAX_RANGE_DAYS} days`,
          path: ['to'],
        }),
        z.describe(`to is after from, and at most ${MAX_RANGE_DAYS} days after it`),
      ),
    response: envelope(z.array(eventSchema)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/event',
    access: 'member',
    summary: 'Add an event',
    body: eventBodySchema,
    status: 201,
    response: envelope(eventSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/event/:id',
    access: 'member',
    summary: 'One own event',
    params: idParams,
    response: envelope(eventSchema),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/event/:id',
    access: 'member',
    summary: 'Change or move an own event',
    params: idParams,
    body: eventBodySchema,
    response: envelope(eventSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/event/:id',
    access: 'member',
    summary: 'Delete an own event',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
}
