import type { IncomingMessage, ServerResponse } from 'node:http'

import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

import { API_PREFIX } from '@schemas/index'

import { REFERENCE_PATH } from './api-reference'

/**
 * Security headers on every answer: a page's policy on pages and files, a data-only set with
 * `no-store` on API answers. The headers never change, so
 * helmet writes them once, here, instead of running its chain of middlewares for every request.
 */
export function registerSecurity(app: FastifyInstance) {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Chakra UI (emotion) writes its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // Lesson videos: the two players a lesson may embed, and .mp4 files over https.
          frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          mediaSrc: ["'self'", 'https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  )
  // An API answer is data, never a document: it gets the short, stricter set for JSON APIs (it
  // may load nothing, be framed nowhere, be read by this origin only), a few hundred bytes
  // instead of a kilobyte of page policy on every call.
  const api = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': headers['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  }
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApi(req.url) ? api : headers)
    done()
  })
}

/** `/api`, `/api/…` or `/api?…`, but not the API's reference, which is a page. */
function isApi(url: string) {
  return under(url, API_PREFIX) && !under(url, REFERENCE_PATH)
}

/** `url` is `path`, below it, or it with a query. */
function under(url: string, path: string) {
  if (!url.startsWith(path)) return false
  const next = url.charCodeAt(path.length)
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */
}

/** The headers a helmet middleware sets; it throws on an option it does not accept. */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  }
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return headers
}
