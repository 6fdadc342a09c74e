import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
})
export type Health = z.infer<typeof healthSchema>

export const readySchema = z.object({ status: z.literal('ready') })

/** Why an instance is not ready, as /api/ready's 503 says it. */
export const NOT_READY = {
  database: 'Not ready: the database does not answer',
  content: 'Not ready: the course content is still loading',
  stopping: 'Not ready: this instance is stopping',
} as const

export const system = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary:
      'Liveness: 200 while the process answers, with whether its database does (restart the process only when this fails)',
    response: envelope(healthSchema),
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'public',
    summary:
      'Readiness: 200 when the database answers, its migrations are applied and the content is loaded; 503 from the moment the instance begins to stop (send it no new requests)',
    response: readySchema,
  }),
  docs: endpoint({
    method: 'GET',
    path: '/docs',
    access: 'public',
    summary: 'This contract as an OpenAPI 3 document',
    response: z.record(z.string(), z.unknown()),
  }),
}
