import { existsSync } from 'node:fs'
import { join } from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a built SPA is there to answer non-API paths. */
    spaIndex: boolean
  }
}

const YEAR = 365 * 24 * 60 * 60

/**
 * Serves the built SPA: hashed assets are immutable for a year, everything else (index.html
 * above all) is revalidated on every load, and any other non-API GET answers index.html.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const present = existsSync(join(staticDir, 'index.html'))
  app.decorate('spaIndex', present)
  if (!present) {
    app.log.warn(`no built app in ${staticDir}: run "npm run build" to serve it`)
    return
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      const hashed = path.includes(`${join(staticDir, 'assets')}/`)
      res.header('cache-control', hashed ? `public, max-age=${YEAR}, immutable` : 'no-cache')
    },
  })
}
