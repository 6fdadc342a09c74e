import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  driver: z.enum(['pglite', 'postgres']),
})
export type Health = z.infer<typeof healthSchema>

export const system = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness and database status; 503 when the database is unreachable',
    response: envelope(healthSchema),
  }),
  docs: endpoint({
    method: 'GET',
    path: '/docs',
    access: 'public',
    summary: 'This contract as an OpenAPI 3 document',
    response: z.record(z.string(), z.unknown()),
  }),
}
