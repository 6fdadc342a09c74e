import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { NOT_READY } from '@schemas/system'

import { serveMetrics } from '../../server/plugins/metrics'
import { aiConfig, startOpenAiFake, type OpenAiFake } from './fakes/openai'
import { bearer, createTestApp, type TestApp } from './helpers'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'

/** A metric's value in Prometheus's text format, by its name and labels as written. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('/metrics', () => {
  let t: TestApp
  let token: string
  let email: string
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        metricsToken: METRICS_TOKEN,
        // Three at once, and no waiting: a burst of twelve is partly shed.
        concurrency: { initial: 3, min: 3, max: 3 },
        maxQueueMs: 0,
      },
    })
    const m = await t.createMember({ areas: ['aiTools'] })
    email = m.email
    token = await t.login(m.email, m.password)
  })
  afterAll(() => t.close())

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(METRICS_TOKEN),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }

  it('answers only a bearer of the metrics token; to anyone else it is an unknown address', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/metrix' })
    for (const headers of [{}, bearer(`${METRICS_TOKEN}x`), bearer(token)]) {
      // No token, a wrong one, a member's: answered as an address that is not there.
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(404)
      expect(res.body).toBe(unknown.body)
      expect(res.headers['www-authenticate']).toBeUndefined()
      expect(res.headers['content-type']).toBe(unknown.headers['content-type'])
    }
  })

  it('counts requests by route pattern, never by a path with an id or any member data', async () => {
    const id = randomUUID()
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/notes/${id}`,
        headers: bearer(token),
      })
      expect(res.statusCode).toBe(404)
    }
    await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
    const text = await scrape()
    expect(
      valueOf(
        text,
        'members_area_http_request_duration_seconds_count{route="/api/notes/:id",method="GET",status="404"}',
      ),
    ).toBe(3)
    expect(text).toMatch(
      /members_area_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/notes"/,
    )
    expect(text).not.toContain(id)
    expect(text).not.toContain(email)
    expect(text).not.toContain(token)
  })

  it('counts token checks answered from memory and from the database', async () => {
    const before = await scrape()
    for (let i = 0; i < 4; i++) {
      await t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) })
    }
    const after = await scrape()
    const memory = 'members_area_token_checks_total{answered="memory"}'
    expect(valueOf(after, memory) - valueOf(before, memory)).toBe(4)
    expect(valueOf(after, 'members_area_token_checks_total{answered="database"}')).toBeGreaterThan(
      0,
    )
  })

  it('counts requests shed, by reason, and the requests in flight', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({ method: 'GET', url: '/api/notes', headers: bearer(token) }),
      ),
    )
    const shed = answers.filter((r) => r.statusCode === 503).length
    expect(shed).toBeGreaterThan(0)
    const text = await scrape()
    expect(valueOf(text, 'members_area_http_requests_shed_total{reason="queue"}')).toBe(shed)
    // The scrape itself is the one request under way.
    expect(valueOf(text, 'members_area_http_requests_in_flight')).toBe(1)
  })

  it("shows the database's connections and how long queries waited for one", async () => {
    const waits = 'members_area_database_wait_seconds_count'
    const before = valueOf(await scrape(), waits)
    // Writes always reach the database (reads may be answered from memory).
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: bearer(token),
        payload: { title: `Wait ${i}`, body: '' },
      })
      expect(res.statusCode).toBe(201)
    }
    const text = await scrape()
    expect(valueOf(text, waits) - before).toBeGreaterThanOrEqual(3)
    expect(text).toMatch(/members_area_database_connections\{state="idle"\} \d/)
    expect(text).toMatch(/members_area_database_connections\{state="waiting"\} \d/)
  })

  it('counts AI answers and their tokens by writer, and the imports running', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/write',
      headers: bearer(token),
      payload: { tool: 'generator', prompt: 'A welcome e-mail for new subscribers' },
    })
    expect(res.statusCode).toBe(200)
    const text = await scrape()
    expect(valueOf(text, 'members_area_ai_requests_total{writer="templates",status="done"}')).toBe(
      1,
    )
    expect(text).toContain('members_area_ai_tokens_total{writer="templates"} 0')
    expect(valueOf(text, 'members_area_earnings_imports_running')).toBe(0)
    // The process's own figures, such as the event loop's lag.
    expect(text).toContain('members_area_nodejs_eventloop_lag_p99_seconds')
    expect(text).toContain('members_area_process_resident_memory_bytes')
  })
})

describe('/metrics without a token', () => {
  it('is not there, and a loopback port serves it to a scraper on the same host', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' })
      expect(res.statusCode).toBe(404)
      const server = await serveMetrics(t.app.services.metrics, 0)
      try {
        const address = server.address() as { address: string; port: number }
        expect(address.address).toBe('127.0.0.1')
        const scraped = await fetch(`http://127.0.0.1:${address.port}/metrics`)
        expect(scraped.status).toBe(200)
        expect(await scraped.text()).toContain('members_area_http_request_duration_seconds')
        expect((await fetch(`http://127.0.0.1:${address.port}/api/notes`)).status).toBe(404)
      } finally {
        server.close()
      }
    } finally {
      await t.close()
    }
  })
})

describe('/api/ready', () => {
  it('answers 200 when the database answers and the content is loaded, 503 with why otherwise', async () => {
    const t = await createTestApp()
    const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' })
    try {
      const res = await ready()
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ready' })

      t.app.services.readiness.contentLoaded = false
      const loading = await ready()
      expect(loading.statusCode).toBe(503)
      expect(loading.headers['retry-after']).toBe('1')
      expect(loading.json()).toEqual({ message: NOT_READY.content })
      t.app.services.readiness.contentLoaded = true

      t.app.services.readiness.stopping = true
      expect((await ready()).json()).toEqual({ message: NOT_READY.stopping })
      // Every other request is turned away at once, so a proxy sends it to another instance.
      const turnedAway = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(turnedAway.statusCode).toBe(503)
      expect(turnedAway.headers['retry-after']).toBe('1')
      expect(turnedAway.json()).toEqual({
        message: 'The server is restarting. Try again in a moment.',
      })
      expect(await t.app.services.metrics.text()).toContain(
        'members_area_http_requests_shed_total{reason="stopping"} 1',
      )
      t.app.services.readiness.stopping = false

      await t.database.close()
      const down = await ready()
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({ message: NOT_READY.database })
      // Alive all the same: the process answers.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await t.app.close()
    }
  })
})

describe('a stop', () => {
  let fake: OpenAiFake
  beforeAll(async () => {
    fake = await startOpenAiFake({ mode: 'stall', reply: () => 'never finished' })
  })
  afterAll(() => fake.close())

  it('is no longer ready, and ends a stream under way saying the server restarts', async () => {
    const t = await createTestApp({ config: aiConfig(fake, { timeoutMs: 30_000 }) })
    const m = await t.createMember({ areas: ['aiTools'] })
    const token = await t.login(m.email, m.password)
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${url}/api/ai/write`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'generator', prompt: 'A welcome e-mail' }),
    })
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = decoder.decode((await reader.read()).value)
    const closing = t.close()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    await closing
    const events = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => JSON.parse(e.slice(6)) as { type: string; status?: string; message?: string })
    expect(events.at(-1)).toMatchObject({
      type: 'end',
      status: 'stopped',
      message:
        'The server restarted before the end. What was written is kept: try again in a moment.',
    })
    expect(t.app.services.readiness.stopping).toBe(true)
  })
})
