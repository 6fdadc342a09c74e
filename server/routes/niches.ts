import type { FastifyInstance } from 'fastify'

import { type LibraryFile, type Niche, niches } from '../../api-schemas/niches'
import { registerGroup } from '../plugins/contract'

export function nicheRoutes(app: FastifyInstance, library: Map<Niche, LibraryFile>) {
  registerGroup(app, niches, {
    library: async ({ params }) => ({ data: library.get(params.niche)! }),
  })
}
