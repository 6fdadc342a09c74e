import { z } from 'zod/mini'

import { endpoint, envelope, requiredName } from './contract'

export const NOTE_COLORS = ['yellow', 'blue', 'green', 'pink', 'purple', 'gray'] as const
export const MAX_NOTES = 500

export const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  color: z.enum(NOTE_COLORS),
  pinned: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Note = z.infer<typeof noteSchema>

export const noteBodySchema = z.strictObject({
  title: requiredName('Title', 200),
  body: z._default(
    z.string().check(z.maxLength(20_000, 'The note is at most 20,000 characters')),
    '',
  ),
  color: z._default(z.enum(NOTE_COLORS), 'yellow'),
  pinned: z._default(z.boolean(), false),
})
export type NoteBody = z.input<typeof noteBodySchema>

const idParams = z.strictObject({ id: z.uuid('Not a valid id') })

export const notes = {
  list: endpoint({
    method: 'GET',
    path: '/notes',
    access: 'member',
    summary: 'The own notes, pinned first, then the most recently changed',
    response: envelope(z.array(noteSchema)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/notes',
    access: 'member',
    summary: 'Write a note',
    body: noteBodySchema,
    status: 201,
    response: envelope(noteSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/notes/:id',
    access: 'member',
    summary: 'One own note',
    params: idParams,
    response: envelope(noteSchema),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/notes/:id',
    access: 'member',
    summary: 'Change an own note',
    params: idParams,
    body: noteBodySchema,
    response: envelope(noteSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/notes/:id',
    access: 'member',
    summary: 'Delete an own note',
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
}
