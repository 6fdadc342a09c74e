import type { IncomingMessage, ServerResponse } from 'node:http'

import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

import { API_PREFIX } from '../../api-schemas/index'

export async function registerSecurity(app: FastifyInstance) {
  // @fastify/helmet builds helmet anew for every request, and parsing this policy each time was
  // a tenth of an authenticated API call: helmet writes the header once, here, and it is reused.
  const policy = headerOf(
    helmet.contentSecurityPolicy({
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
    }),
  )
  app.addHook('onRequest', (_req, reply, done) => {
    reply.raw.setHeader('content-security-policy', policy)
    done()
  })
  await app.register(helmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })

  // API answers are private and change: never cached, unless a route says otherwise (photos).
  app.addHook('onSend', async (req, reply) => {
    const api = req.url === API_PREFIX || /^\/api[/?]/.test(req.url)
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
}

/** The one header a helmet middleware sets; it throws on a policy it does not accept. */
function headerOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: Error) => void) => void,
): string {
  let value = ''
  const res = { setHeader: (_name: string, header: string) => (value = header) }
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return value
}
