import { timingSafeEqual } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'

import type { FastifyInstance } from 'fastify'

import { API_PREFIX } from '@schemas/index'

import type { Metrics } from '../services/metrics'

export const METRICS_PATH = '/metrics'

/**
 * Counts every answer by its route's pattern (`/api/notes/:id`, never the path with the id), and
 * serves `/metrics` on the server's own port to a bearer of `token` only; to anyone else, and to
 * everyone without a token, it answers as an unknown address does. An operator may serve it on a
 * loopback port instead (`serveMetrics`).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', (req, reply, done) => {
    const pattern = req.routeOptions.url
    // Pages and files are one label: a label per file of the build says nothing to an operator.
    const route =
      pattern === undefined ? 'unmatched' : pattern.startsWith(API_PREFIX) ? pattern : 'page'
    metrics.requests.observe(
      { route, method: req.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
    done()
  })
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    const sent = Buffer.from(req.headers.authorization ?? '')
    // Without the token the address answers as any unknown one does: a scanner learns nothing.
    if (!expected || sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      return reply.callNotFound()
    }
    reply.header('cache-control', 'no-store')
    return reply.type(metrics.registry.contentType).send(await metrics.text())
  })
}

/** Serves `/metrics` alone on `port` of the loopback address, for a scraper on the same host. */
export async function serveMetrics(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n')
      return
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    )
  })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  return server
}
