/**
 * The AI tools' two figures:
 *
 * 1. Time to first token: a streamed answer's first words through the whole server (sign-in
 *    check, allowance, history row, prompt, the model's stream relayed as server-sent events)
 *    against the same model asked directly, alternating, in the same run. The model is the
 *    OpenAI-compatible stand-in on loopback; the server is the real one, as its own process.
 *    Goal: overhead ≤ 20 ms.
 * 2. Retrieval: the chatbot's search for the passages that answer a question, over all course
 *    content, as a member with some areas and as an administrator. Prints p50/p95/max.
 *
 *   npm run bench:ai [-- --runs 60 --questions 400]
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import type { AuthedMember } from '../../server/services/auth'
import { startOpenAiFake } from '../server/fakes/openai'
import { percentile, printTable, startAppServer } from './process'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '60' },
    questions: { type: 'string', default: '400' },
  },
})
const runs = Math.max(10, Math.min(500, Number(values.runs)))
const searches = Math.max(50, Math.min(5000, Number(values.questions)))
const GOAL_MS = 20

const pct = percentile
const ms = (n: number) => `${n.toFixed(1)} ms`

/** Milliseconds from sending `init` to `url` until the first piece of answer text arrives. */
async function firstToken(url: string, init: RequestInit, isText: (data: string) => boolean) {
  const started = performance.now()
  const res = await fetch(url, init)
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) throw new Error(`${url}: the stream ended before any text`)
    buffer += value
    const events = buffer.split('\n\n')
    buffer = events.pop()!
    for (const event of events) {
      const data = event.replace(/^data: /, '')
      if (data !== '[DONE]' && isText(data)) {
        const elapsed = performance.now() - started
        await reader.cancel()
        return elapsed
      }
    }
  }
}

async function timeToFirstToken() {
  const fake = await startOpenAiFake({
    reply: () => 'Hook: Your starter is hungry, not dead. Script: Scene 1: feed it. Caption: #ad',
    chunkDelayMs: 5,
  })
  const dir = mkdtempSync(join(tmpdir(), 'members-area-bench-ai-'))
  const server = await startAppServer(dir, {
    STATIC_DIR: '/nonexistent',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'bench-model',
    AI_REQUESTS_PER_HOUR: '100000',
    AI_TOKENS_PER_DAY: '100000000',
  })
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'Member#2026' }),
    })
    const { token } = (await login.json()) as { token: string }
    const viaServer = (i: number) =>
      firstToken(
        `${server.url}/api/ai/write`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ tool: 'tiktok', topic: `Sourdough starter ${i}`, variants: 1 }),
        },
        (data) => (JSON.parse(data) as { type: string }).type === 'delta',
      )
    const direct = (i: number) =>
      firstToken(
        `${fake.baseUrl}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'bench-model',
            stream: true,
            messages: [{ role: 'user', content: `Sourdough starter ${i}` }],
          }),
        },
        (data) =>
          Boolean(
            (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]
              ?.delta?.content,
          ),
      )
    for (let i = 0; i < 5; i++) {
      await viaServer(i)
      await direct(i)
    }
    const server_: number[] = []
    const direct_: number[] = []
    for (let i = 0; i < runs; i++) {
      // Alternating, so a noisy moment of the machine falls on both.
      if (i % 2) {
        direct_.push(await direct(i))
        server_.push(await viaServer(i))
      } else {
        server_.push(await viaServer(i))
        direct_.push(await direct(i))
      }
    }
    server_.sort((a, b) => a - b)
    direct_.sort((a, b) => a - b)
    const overhead = pct(server_, 50) - pct(direct_, 50)
    console.log(`\nTime to first token (${runs} answers each, alternating)\n`)
    printTable([
      ['path', 'p50', 'p95', 'max'],
      ['straight from the model', ms(pct(direct_, 50)), ms(pct(direct_, 95)), ms(direct_.at(-1)!)],
      ['through the server', ms(pct(server_, 50)), ms(pct(server_, 95)), ms(server_.at(-1)!)],
    ])
    console.log(
      `\noverhead at the median: ${ms(overhead)} (${overhead <= GOAL_MS ? 'within' : 'over'} the ${GOAL_MS} ms goal); at p95: ${ms(pct(server_, 95) - pct(direct_, 95))}`,
    )
  } finally {
    await server.stop()
    await fake.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const QUESTIONS = [
  'Who are the four parties in an affiliate sale?',
  'How does an affiliate link track a sale?',
  'How do I choose a niche?',
  'What should a disclosure say?',
  'How do I get my first visitors without ads?',
  'What is a bridge page and do I need one?',
  'How long does the cookie last?',
  'What is gravity on ClickBank?',
  'How do I write a good hook for a short video?',
  'What is a lead magnet?',
  'How often should I email my list?',
  'How do refunds affect my commission?',
  'What does a tracking id do?',
  'How do I pick products on Digistore24?',
  'Should I start with paid traffic?',
  'How do I plan a week of content?',
  'What is double opt-in?',
  'How do I know if a campaign is working?',
  'What mistakes do beginners make with Pinterest?',
  'How do I use YouTube to promote an offer?',
  'What is the boiling point of mercury?',
  'Best pizza dough hydration?',
]

async function retrieval() {
  const database = await openDatabase({ driver: 'pglite' })
  const app = await buildApp({
    config: { ...loadConfig({}), staticDir: '/nonexistent', earningsSyncMinutes: 0 },
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: randomBytes(32),
    logger: false,
  })
  await app.ready()
  try {
    const assistant = app.services.assistant
    const built = performance.now()
    const passages = await assistant.index.size()
    const buildMs = performance.now() - built
    const joinedAt = new Date(Date.now() - 400 * 24 * 3600 * 1000)
    const callers: [string, AuthedMember][] = [
      [
        'member (training, bonus, chatbot)',
        {
          id: randomBytes(16).toString('hex'),
          email: 'm@example.com',
          role: 'member',
          twoFactorEnabled: false,
          areas: ['training', 'bonus', 'chatbot'],
          joinedAt,
        },
      ],
      [
        'administrator (everything)',
        {
          id: randomBytes(16).toString('hex'),
          email: 'a@example.com',
          role: 'admin',
          twoFactorEnabled: false,
          areas: [],
          joinedAt,
        },
      ],
    ]
    console.log(
      `\nRetrieval over all course content: ${passages} passages, index built in ${ms(buildMs)}; ${searches} questions per caller\n`,
    )
    const rows = [['caller', 'p50', 'p95', 'max', 'passages/answer', 'not covered']]
    for (const [label, member] of callers) {
      for (const q of QUESTIONS) await assistant.retrieve(member, q)
      const times: number[] = []
      let found = 0
      let none = 0
      for (let i = 0; i < searches; i++) {
        const t0 = performance.now()
        const hits = await assistant.retrieve(member, QUESTIONS[i % QUESTIONS.length]!)
        times.push(performance.now() - t0)
        found += hits.length
        if (hits.length === 0) none += 1
      }
      times.sort((a, b) => a - b)
      rows.push([
        label,
        ms(pct(times, 50)),
        ms(pct(times, 95)),
        ms(times.at(-1)!),
        (found / searches).toFixed(1),
        `${none} of ${searches}`,
      ])
    }
    printTable(rows)
  } finally {
    await app.close()
    await database.close()
  }
}

await timeToFirstToken()
await retrieval()
