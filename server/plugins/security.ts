import type { IncomingMessage, ServerResponse } from 'node:http'

import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

import { API_PREFIX } from '@schemas/index'

import { REFERENCE_PATH } from './api-reference'

/** A page's policy, for pages and files. */
const PAGE_HEADERS = headersOf(
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
    // Framed nowhere, as frame-ancestors 'none' says to browsers that read the policy.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  }),
)

/**
 * An API answer is data, never a document: it gets the short, stricter set for JSON APIs (it
 * may load nothing, be framed nowhere, be read by this origin only), a few hundred bytes
 * instead of a kilobyte of page policy on every call.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': PAGE_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
}

/**
 * The security headers of an answer to `url`: a page's policy on pages and files, the data-only
 * set with `no-store` on API answers. Also for answers the router gives before any hook runs.
 */
export function securityHeaders(url: string): Record<string, string> {
  return isApi(url) ? API_HEADERS : PAGE_HEADERS
}

/**
 * Security headers on every answer (see securityHeaders). The headers never change, so helmet
 * writes them once, when this module loads, instead of running its chain of middlewares for
 * every request.
 */
export function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders(req.url))
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
