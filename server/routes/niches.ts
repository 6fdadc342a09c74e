import type { FastifyInstance } from 'fastify'

import { NICHES, niches, type LibraryFile, type Niche } from '@schemas/niches'

import { lastingAnswer, registerGroup } from '../plugins/contract'

/** The library sheets: the same for every member, so each is checked and serialized once. */
export function nicheRoutes(app: FastifyInstance, library: Map<Niche, LibraryFile>) {
  const answers = new Map(
    NICHES.map((niche) => [niche, lastingAnswer({ data: library.get(niche)! })]),
  )
  registerGroup(app, niches, {
    library: async ({ params }) => answers.get(params.niche)!,
  })
}
