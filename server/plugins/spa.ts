import { existsSync, readdirSync, readFileSync } from 'node:fs'
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
  const pageOf = pagesOwnIndex(staticDir)
  app.decorate('spaPage', (url: string) => pageOf(url) ?? 'index.html')
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
 * /auth/login: see build/vite-plugins/pages-ahead.ts), by address: exact, as with a query string
 * the page may differ and index.html answers it; or with any query, for the pages the build lists
 * in `pages/any-query.json` (the dashboard: its query shows in its data only).
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
  const listed = join(staticDir, PAGES, 'any-query.json')
  const anyQuery = new Set<string>(
    existsSync(listed) ? (JSON.parse(readFileSync(listed, 'utf8')) as string[]) : [],
  )
  return (url: string) => {
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)
    return query === -1 || anyQuery.has(path) ? pages.get(path) : undefined
  }
}
