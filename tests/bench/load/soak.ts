import { randomUUID } from 'node:crypto'

import autocannon from 'autocannon'

import { soak } from './options'
import { summary } from './report'
import { rssMb, type Member } from './setup'

/**
 * The soak's load: each connection lists notes, events of this month and courses, searches the
 * lessons, reads its session, creates a note (with an Idempotency-Key), changes it and deletes it,
 * so rows are made and removed all the time and nothing grows.
 */
export async function soakLoad(url: string, members: Member[], pid: number) {
  const month = new Date()
  const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)).toISOString()
  const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)).toISOString()
  let next = 0
  const samples: { second: number; mb: number }[] = []
  const started = Date.now()
  const sampler = setInterval(
    () => samples.push({ second: (Date.now() - started) / 1000, mb: rssMb(pid) }),
    5000,
  )
  // Answers other than 2xx by request, to tell which part of the mix fails or is shed.
  const failures = new Map<string, number>()
  const count = (label: string) => (status: number) => {
    if (status >= 300)
      failures.set(`${label} ${status}`, (failures.get(`${label} ${status}`) ?? 0) + 1)
  }
  /**
   * autocannon keeps the Content-Length of a request's last body in its headers: a request that
   * changes from one with a body to one without must drop it, or the server waits for a body.
   */
  const bodiless = (req: autocannon.Request): autocannon.Request => ({
    ...req,
    headers: Object.fromEntries(
      Object.entries(req.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-length'),
    ),
    body: undefined,
  })
  const result = await autocannon({
    url,
    connections: 50,
    duration: soak,
    timeout: 10,
    setupClient: (client) => {
      const m = members[next++ % members.length]!
      const authorization = `Bearer ${m.token}`
      // A request's own headers replace the client's, so the writes carry both.
      const json = { authorization, 'content-type': 'application/json' }
      // Notes this connection made and has not deleted yet (a shed delete is tried again).
      const made: string[] = []
      let deleting: string | undefined
      const listInstead = (req: autocannon.Request) =>
        bodiless({ ...req, method: 'GET', path: '/api/notes' })
      client.setHeaders({ authorization })
      client.setRequests([
        { method: 'GET', path: '/api/notes', onResponse: count('GET /api/notes') },
        {
          method: 'GET',
          path: `/api/event?from=${from}&to=${to}`,
          onResponse: count('GET /api/event'),
        },
        { method: 'GET', path: '/api/auth/current', onResponse: count('GET /api/auth/current') },
        { method: 'GET', path: '/api/courses', onResponse: count('GET /api/courses') },
        {
          method: 'GET',
          path: '/api/search?q=keyword%20research',
          onResponse: count('GET /api/search'),
        },
        {
          method: 'POST',
          path: '/api/notes',
          headers: json,
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ title: 'Soak note', body: 'Made under load.' }),
          }),
          onResponse: (status, body) => {
            count('POST /api/notes')(status)
            if (status === 201) made.push((JSON.parse(body) as { data: { id: string } }).data.id)
          },
        },
        {
          method: 'PUT',
          headers: json,
          setupRequest: (req) =>
            made.length
              ? {
                  ...req,
                  method: 'PUT',
                  path: `/api/notes/${made.at(-1)}`,
                  body: JSON.stringify({ title: 'Soak note', body: `Changed at ${Date.now()}` }),
                }
              : listInstead(req),
          onResponse: count('PUT /api/notes/:id'),
        },
        {
          method: 'DELETE',
          setupRequest: (req) => {
            deleting = made.pop()
            return deleting
              ? bodiless({ ...req, method: 'DELETE', path: `/api/notes/${deleting}` })
              : listInstead(req)
          },
          onResponse: (status) => {
            count(deleting ? 'DELETE /api/notes/:id' : 'GET /api/notes')(status)
            if (deleting && status !== 200 && status !== 204 && status !== 404) made.push(deleting)
            deleting = undefined
          },
        },
      ])
    },
  })
  clearInterval(sampler)
  samples.push({ second: (Date.now() - started) / 1000, mb: rssMb(pid) })
  return { ...summary(result), samples, failures }
}
