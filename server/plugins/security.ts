import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

import { API_PREFIX } from '../../api-schemas/index'

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
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
  })

  // API answers are private and change: never cached, unless a route says otherwise (photos).
  app.addHook('onSend', async (req, reply) => {
    const api = req.url === API_PREFIX || /^\/api[/?]/.test(req.url)
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
}
