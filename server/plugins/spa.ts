import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a built SPA is there to answer non-API paths. */
    spaIndex: boolean
    /** The page index.html answers a path with, relative to the SPA's folder. */
    spaPage: (url: string) => string
  }
}

const YEAR = 365 * 24 * 60 * 60
/** Where the build writes the pages with an index.html of their own. */
const PAGES = 'pages'

/**
 * Serves the built SPA: hashed assets are immutable for a year, everything else (index.html
 * above all) is revalidated on every load, and any other non-API GET answers index.html.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const present = existsSync(join(staticDir, 'index.html'))
  app.decorate('spaIndex', present)
  const pages = pagesOwnIndex(staticDir)
  app.decorate('spaPage', (url: string) => pages.get(url) ?? 'index.html')
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

/**
 * The pages the build gave an index.html of their own (`pages/auth/login.html` answers
 * /auth/login: see build/vite-plugins/pages-ahead.ts), by exact address: with a query string
 * the page may differ, so index.html answers it.
 */
function pagesOwnIndex(staticDir: string) {
  const pages = new Map<string, string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(staticDir, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('.html')) pages.set(file.slice(PAGES.length, -5), file)
    }
  }
  if (existsSync(join(staticDir, PAGES))) walk(PAGES)
  return pages
}
