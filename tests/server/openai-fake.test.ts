import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { startOpenAiFake, type OpenAiFake } from './fakes/openai'

interface Chunk {
  id: string
  object: string
  created: number
  model: string
  choices: {
    index: number
    delta: { role?: string; content?: string }
    finish_reason: string | null
  }[]
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null
}

const reply = 'Hello, world!\n\nThis  reply has\todd   spacing and a trailing newline.\n'
const wordCount = 11

/** Reads SSE events one at a time; undefined once the stream has ended. */
function eventReader(res: Response) {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const queue: string[] = []
  let buffer = ''
  return async function next(): Promise<string | undefined> {
    for (;;) {
      if (queue.length > 0) return queue.shift()
      const { done, value } = await reader.read()
      if (done) return undefined
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        for (const line of block.split('\n')) {
          if (line.startsWith('data: ')) queue.push(line.slice('data: '.length))
        }
      }
    }
  }
}

async function readAll(res: Response): Promise<{ data: string[]; error?: unknown }> {
  const next = eventReader(res)
  const data: string[] = []
  try {
    for (let event = await next(); event !== undefined; event = await next()) data.push(event)
  } catch (error) {
    return { data, error }
  }
  return { data }
}

const chunks = (data: string[]) =>
  data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Chunk)
const text = (parsed: Chunk[]) => parsed.map((c) => c.choices[0]?.delta.content ?? '').join('')
const sleep = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))

describe('OpenAI fake', () => {
  let fake: OpenAiFake

  beforeEach(async () => {
    fake = await startOpenAiFake({ reply: () => reply, chunkDelayMs: 1 })
  })

  afterEach(async () => {
    await fake.close()
  })

  const post = (body: unknown, init: RequestInit = {}) =>
    fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    })

  const chat = (extra: object = {}) => ({
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Be brief.' }, // 9 chars: 3 tokens
      { role: 'user', content: 'Say hello to the world' }, // 22 chars: 6 tokens
    ],
    stream: true,
    ...extra,
  })

  it('streams the reply as chunks whose deltas add up to it, [DONE] last', async () => {
    expect(fake.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    const res = await post(chat())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const { data, error } = await readAll(res)
    expect(error).toBeUndefined()
    expect(data.at(-1)).toBe('[DONE]')
    expect(data.filter((d) => d === '[DONE]')).toHaveLength(1)

    const parsed = chunks(data)
    expect(parsed[0]!.choices[0]).toEqual({
      index: 0,
      delta: { role: 'assistant', content: '' },
      finish_reason: null,
    })
    expect(text(parsed)).toBe(reply)
    expect(parsed).toHaveLength(1 + wordCount + 1)
    for (const c of parsed) {
      expect(c).toMatchObject({
        id: parsed[0]!.id,
        object: 'chat.completion.chunk',
        model: 'gpt-4o-mini',
      })
      expect(c.usage).toBeUndefined()
    }
    expect(parsed.at(-1)!.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }])

    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]!.body).toEqual(chat())
    expect(fake.requests[0]!.headers['content-type']).toBe('application/json')
  })

  it('sends a usage chunk before [DONE] when stream_options.include_usage is set', async () => {
    const { data } = await readAll(await post(chat({ stream_options: { include_usage: true } })))
    expect(data.at(-1)).toBe('[DONE]')
    const parsed = chunks(data)
    const last = parsed.at(-1)!
    expect(last.choices).toEqual([])
    expect(last.usage).toEqual({ prompt_tokens: 9, completion_tokens: wordCount, total_tokens: 20 })
    expect(parsed.at(-2)!.choices[0]!.finish_reason).toBe('stop')
    expect(text(parsed)).toBe(reply)
  })

  it("truncates to max_tokens chunks and finishes with 'length'", async () => {
    const body = chat({ max_tokens: 3, stream_options: { include_usage: true } })
    const parsed = chunks((await readAll(await post(body))).data)
    expect(text(parsed)).toBe('Hello, world!\n\nThis  ')
    expect(parsed.at(-2)!.choices[0]!.finish_reason).toBe('length')
    expect(parsed.at(-1)!.usage!.completion_tokens).toBe(3)
  })

  it('answers a chat.completion object when stream is not true', async () => {
    const res = await post(chat({ stream: false }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-4o-mini',
      choices: [
        { index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 9, completion_tokens: wordCount, total_tokens: 20 },
    })
  })

  it('uses a default reply of about forty words', async () => {
    fake.set({ reply: undefined })
    const body = (await (await post(chat({ stream: false }))).json()) as {
      choices: { message: { content: string } }[]
    }
    const words = body.choices[0]!.message.content.split(/\s+/).filter(Boolean)
    expect(words.length).toBeGreaterThanOrEqual(35)
    expect(words.length).toBeLessThanOrEqual(45)
  })

  it("'slow' records the request at once but sends headers only after delayMs", async () => {
    fake.set({ mode: 'slow', delayMs: 150 })
    const started = performance.now()
    const pending = post(chat())
    await sleep(50)
    expect(fake.requests).toHaveLength(1)
    const res = await pending
    expect(performance.now() - started).toBeGreaterThanOrEqual(150)
    expect(res.status).toBe(200)
    const { data } = await readAll(res)
    expect(data.at(-1)).toBe('[DONE]')
    expect(text(chunks(data))).toBe(reply)
  })

  it("'stall' sends the first chunk and then nothing", async () => {
    fake.set({ mode: 'stall' })
    const controller = new AbortController()
    const res = await post(chat(), { signal: controller.signal })
    expect(res.status).toBe(200)
    const next = eventReader(res)
    const first = JSON.parse((await next())!) as Chunk
    expect(first.choices[0]!.delta).toEqual({ role: 'assistant', content: '' })
    const pending = next()
    pending.catch(() => {})
    expect(await Promise.race([pending, sleep(300)])).toBe('timeout')
    controller.abort()
    await expect(pending).rejects.toThrow()
  })

  it("'429' answers with Retry-After and an OpenAI-style error", async () => {
    fake.set({ mode: '429' })
    const res = await post(chat())
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    expect(await res.json()).toMatchObject({
      error: { type: 'requests', code: 'rate_limit_exceeded', message: expect.any(String) },
    })
    fake.set({ retryAfterSeconds: 2 })
    const again = await post(chat())
    expect(again.headers.get('retry-after')).toBe('2')
    await again.body?.cancel()
    expect(fake.requests).toHaveLength(2)
  })

  it("'500' answers with an OpenAI-style error", async () => {
    fake.set({ mode: '500' })
    const res = await post(chat())
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({
      error: { type: 'server_error', message: expect.any(String) },
    })
    expect(fake.requests).toHaveLength(1)
  })

  it("'cut' breaks the stream off about halfway without [DONE]", async () => {
    fake.set({ mode: 'cut' })
    const res = await post(chat())
    expect(res.status).toBe(200)
    const { data, error } = await readAll(res)
    expect(error).toBeDefined()
    expect(data).not.toContain('[DONE]')
    const parsed = chunks(data)
    expect(parsed.length).toBeGreaterThan(1)
    expect(reply.startsWith(text(parsed))).toBe(true)
    expect(text(parsed).length).toBeLessThan(reply.length)
  })

  it("'invalid-json' slips in an event that is not JSON and still ends with [DONE]", async () => {
    fake.set({ mode: 'invalid-json' })
    const { data, error } = await readAll(await post(chat()))
    expect(error).toBeUndefined()
    const broken = data.filter((d) => {
      try {
        JSON.parse(d)
        return false
      } catch {
        return d !== '[DONE]'
      }
    })
    expect(broken).toEqual(['{not json'])
    expect(data.indexOf('{not json')).toBe(3)
    expect(data.at(-1)).toBe('[DONE]')
    expect(text(chunks(data.filter((d) => d !== '{not json')))).toBe(reply)
  })

  it('answers 401 unless the Authorization header carries the api key', async () => {
    fake.set({ apiKey: 'sk-test' })
    const missing = await post(chat({ stream: false }))
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error' } })
    const wrong = await post(chat({ stream: false }), {
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-other' },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: { code: 'invalid_api_key' } })
    const right = await post(chat({ stream: false }), {
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    })
    expect(right.status).toBe(200)
    await right.body?.cancel()
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual([
      undefined,
      'Bearer sk-other',
      'Bearer sk-test',
    ])
  })

  it('answers 404 off the route and 400 to a body that is not JSON', async () => {
    const other = await fetch(`${fake.baseUrl}/models`)
    expect(other.status).toBe(404)
    expect(await other.json()).toMatchObject({ error: { message: expect.any(String) } })
    const bad = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    })
    expect(bad.status).toBe(400)
    await bad.body?.cancel()
    expect(fake.requests.map((r) => r.body)).toEqual(['{oops'])
  })

  it('stops writing when the client goes away and keeps serving', async () => {
    fake.set({ chunkDelayMs: 20 })
    const controller = new AbortController()
    const res = await post(chat(), { signal: controller.signal })
    const next = eventReader(res)
    expect(await next()).toBeDefined()
    controller.abort()
    await expect(next()).rejects.toThrow()
    await sleep(50)
    fake.set({ chunkDelayMs: 0 })
    const { data } = await readAll(await post(chat()))
    expect(text(chunks(data))).toBe(reply)
  })
})
