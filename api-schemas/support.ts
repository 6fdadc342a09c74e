import { z } from 'zod/mini'

import { endpoint, envelope, requiredName } from './contract'

export const supportMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
})
export type SupportMessage = z.infer<typeof supportMessageSchema>

export const supportBodySchema = z.strictObject({
  // One line: it becomes the Subject header of the mail to support.
  subject: requiredName('Subject', 150),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Tell us a little more (at least 10 characters)'),
      z.maxLength(5000, 'The message is at most 5,000 characters'),
    ),
})
export type SupportBody = z.input<typeof supportBodySchema>

export const support = {
  send: endpoint({
    method: 'POST',
    path: '/contactus',
    access: 'member',
    summary: 'Send a message to support; a copy is e-mailed to the member',
    body: supportBodySchema,
    status: 201,
    response: envelope(supportMessageSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/contactus',
    access: 'member',
    summary: 'The messages the member has sent to support, newest first',
    response: envelope(z.array(supportMessageSchema)),
  }),
}
