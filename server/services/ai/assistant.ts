import {
  MAX_CHAT_MESSAGES,
  MAX_HISTORY,
  variantHeading,
  type AiStatus,
  type AiUsage,
  type Source,
  type StreamEvent,
  type TranslateInput,
  type WriteInput,
  type Writer,
} from '@schemas/ai'

import type { AiConfig } from '../../config'
import type { Db } from '../../db/client'
import { HttpError, ServerStopping } from '../../errors'
import {
  aiUsage,
  finishChatMessage,
  finishGeneration,
  insertChatMessage,
  insertGeneration,
  pruneChat,
  pruneGenerations,
  recentChat,
  removeChatMessages,
  removeGeneration,
  type Outcome,
} from '../../repos/ai'
import type { AuthedMember } from '../auth'
import type { CoursesService } from '../courses'
import { CourseIndex, type Hit } from './course-index'
import { estimateTokens, ModelError, streamChat, type ModelMessage } from './model'
import { chatMessages, translateMessages, writeMessages } from './prompts'
import { writeFromTemplates } from './template-writer'

const HOUR = 60 * 60 * 1000
const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' })

/** Where a long page is cut for translation: at blank lines, parts of at most this many characters. */
const PAGE_PART = 3_000

/** The separators between a page's parts are kept as they are; only the parts are translated. */
export function pageParts(text: string): string[] {
  const pieces = text.split(/(\n\s*\n)/)
  const parts: string[] = []
  let current = ''
  for (const piece of pieces) {
    if (current && current.length + piece.length > PAGE_PART && piece.trim()) {
      parts.push(current)
      current = ''
    }
    current += piece
  }
  if (current) parts.push(current)
  // A single paragraph longer than a part is cut at line ends, then at spaces.
  return parts.flatMap((part) => {
    if (part.length <= PAGE_PART) return [part]
    const out: string[] = []
    let rest = part
    while (rest.length > PAGE_PART) {
      let at = rest.lastIndexOf('\n', PAGE_PART)
      if (at < PAGE_PART / 2) at = rest.lastIndexOf(' ', PAGE_PART)
      if (at < PAGE_PART / 2) at = PAGE_PART
      out.push(rest.slice(0, at))
      rest = rest.slice(at)
    }
    return rest ? [...out, rest] : out
  })
}

/** A part's leading and trailing white space, which the translation keeps around its words. */
const edges = (text: string) => {
  const lead = /^\s*/.exec(text)![0]
  const trail = /\s*$/.exec(text.slice(lead.length))![0]
  return { lead, core: text.slice(lead.length, text.length - trail.length), trail }
}

export interface AssistantDeps {
  db: Db
  config: AiConfig
  courses: CoursesService
  now: () => number
  /** Told of each answer streamed: its writer, how it ended and the tokens it used. */
  countAnswer?: (writer: Writer, status: string, tokens: number) => void
}

interface Run {
  writer: Writer
  /** Text written so far: what is stored when the run ends, however it ends. */
  written: string
  tokens: number
}

/**
 * The AI tools' one way to a model: the member's allowance checked and counted, every answer
 * streamed and stored however it ends (done, stopped by the member, or failed upstream).
 */
export class Assistant {
  readonly index: CourseIndex

  constructor(private readonly deps: AssistantDeps) {
    this.index = new CourseIndex(deps.db)
  }

  private get db() {
    return this.deps.db
  }

  get model() {
    return this.deps.config.baseUrl ? this.deps.config.model : null
  }

  async usage(member: AuthedMember): Promise<AiUsage> {
    const now = this.deps.now()
    const used = await aiUsage(this.db, member.id, new Date(now))
    const { requestsPerHour, tokensPerDay } = this.deps.config
    return {
      requestsPerHour,
      requestsLastHour: used.requests,
      tokensPerDay,
      tokensLast24h: used.tokens,
      nextRequestAt:
        used.requests >= requestsPerHour && used.oldestRequest
          ? new Date(used.oldestRequest.getTime() + HOUR).toISOString()
          : null,
    }
  }

  async status(member: AuthedMember): Promise<AiStatus> {
    return { model: this.model, usage: await this.usage(member) }
  }

  /**
   * Refuses a request over the member's allowance with 429 and Retry-After. Called after the
   * request is recorded, so two requests at once cannot both slip under the limit.
   */
  private async admit(member: AuthedMember, usesTokens: boolean, undo: () => Promise<unknown>) {
    const usage = await this.usage(member)
    const now = this.deps.now()
    let refusal: { message: string; retry: number } | null = null
    if (usage.requestsLastHour > usage.requestsPerHour) {
      const at = usage.nextRequestAt ? Date.parse(usage.nextRequestAt) : now + HOUR
      refusal = {
        message: `You have used your ${usage.requestsPerHour} AI requests of the last hour. The next one is possible at ${clock.format(at)} UTC.`,
        retry: Math.max(1, Math.ceil((at - now) / 1000)),
      }
    } else if (usesTokens && usage.tokensLast24h >= usage.tokensPerDay) {
      refusal = {
        message: `You have used your ${usage.tokensPerDay.toLocaleString('en-US')} AI tokens of the last 24 hours. Your allowance frees up as the hours pass.`,
        retry: 60 * 60,
      }
    }
    if (refusal) {
      await undo()
      throw new HttpError(429, refusal.message, { 'retry-after': String(refusal.retry) })
    }
    return usage
  }

  /** Tokens one answer may use: the per-answer cap, or what is left of the day's allowance. */
  private tokenCap(usage: AiUsage) {
    return Math.max(
      1,
      Math.min(this.deps.config.maxTokens, usage.tokensPerDay - usage.tokensLast24h),
    )
  }

  /**
   * Streams `source`'s text as deltas between a start and an end event, keeping count in
   * `run`; a member stopping or the model failing ends the stream with what was written.
   */
  private async *stream(
    id: string,
    run: Run,
    source: AsyncIterable<string>,
    signal: AbortSignal,
    store: (outcome: Outcome) => Promise<void>,
    sources?: Source[],
  ): AsyncGenerator<StreamEvent> {
    let outcome: Outcome = { output: '', status: 'done', message: null, tokens: 0 }
    let retryAfterSeconds: number | null = null
    yield { type: 'start', id, writer: run.writer }
    if (sources) yield { type: 'sources', sources }
    try {
      for await (const text of source) {
        run.written += text
        yield { type: 'delta', text }
      }
    } catch (error) {
      if (signal.aborted) {
        const message =
          signal.reason instanceof ServerStopping
            ? 'The server restarted before the end. What was written is kept: try again in a moment.'
            : 'Stopped before the end.'
        outcome = { ...outcome, status: 'stopped', message }
      } else if (error instanceof ModelError) {
        outcome = { ...outcome, status: 'failed', message: error.message }
        retryAfterSeconds = error.retryAfterSeconds
      } else {
        outcome = {
          ...outcome,
          status: 'failed',
          message: 'The answer stopped because of an error on our side. What was written is kept.',
        }
        throw error
      }
    } finally {
      outcome = { ...outcome, output: run.written, tokens: run.tokens }
      this.deps.countAnswer?.(run.writer, outcome.status, outcome.tokens)
      await store(outcome)
    }
    yield {
      type: 'end',
      status: outcome.status,
      message: outcome.message,
      retryAfterSeconds,
      tokens: outcome.tokens,
    }
  }

  /** The model's text, counting its tokens into `run` (estimated when it stops early). */
  private async *fromModel(
    run: Run,
    messages: ModelMessage[],
    maxTokens: number,
    signal: AbortSignal,
  ): AsyncGenerator<string> {
    let text = ''
    try {
      const model = streamChat(this.deps.config, messages, { maxTokens, signal })
      for (;;) {
        const next = await model.next()
        if (next.done) {
          run.tokens += next.value.tokens
          if (next.value.truncated) {
            yield '\n\n[The answer reached the length limit and stops here.]'
          }
          return
        }
        text += next.value
        yield next.value
      }
    } catch (error) {
      run.tokens += estimateTokens(messages.map((m) => m.content).join('\n')) + estimateTokens(text)
      throw error
    }
  }

  async write(member: AuthedMember, input: WriteInput, signal: AbortSignal) {
    const writer: Writer = this.model ? 'model' : 'templates'
    const id = await insertGeneration(this.db, {
      memberId: member.id,
      tool: input.tool,
      title: input.tool === 'generator' ? input.prompt : input.topic,
      input: { ...input },
      writer,
      createdAt: new Date(this.deps.now()),
    })
    const usage = await this.admit(member, writer === 'model', () =>
      removeGeneration(this.db, member.id, id),
    )
    await pruneGenerations(this.db, member.id, MAX_HISTORY)
    const run: Run = { writer, written: '', tokens: 0 }
    const text =
      writer === 'model'
        ? this.fromModel(run, writeMessages(input), this.tokenCap(usage), signal)
        : templateText(input)
    return this.stream(id, run, text, signal, (outcome) => finishGeneration(this.db, id, outcome))
  }

  async translate(member: AuthedMember, input: TranslateInput, signal: AbortSignal) {
    if (!this.model) {
      throw new HttpError(
        501,
        "Translation needs an AI model, and none is set on this site yet. Ask the site's operator to set one: they give the server AI_BASE_URL and AI_MODEL. Nothing was translated.",
      )
    }
    const id = await insertGeneration(this.db, {
      memberId: member.id,
      tool: 'translator',
      title: input.text.trim().slice(0, 80),
      input: { ...input },
      writer: 'model',
      createdAt: new Date(this.deps.now()),
    })
    const usage = await this.admit(member, true, () => removeGeneration(this.db, member.id, id))
    await pruneGenerations(this.db, member.id, MAX_HISTORY)
    const run: Run = { writer: 'model', written: '', tokens: 0 }
    const cap = this.tokenCap(usage)
    return this.stream(id, run, this.translated(run, input, cap, signal), signal, (outcome) =>
      finishGeneration(this.db, id, outcome),
    )
  }

  /** A page's parts translated one after another, the white space between them kept as it is. */
  private async *translated(run: Run, input: TranslateInput, cap: number, signal: AbortSignal) {
    const parts = input.mode === 'page' ? pageParts(input.text) : [input.text]
    for (const part of parts) {
      const { lead, core, trail } = edges(part)
      if (lead) yield lead
      if (core) {
        yield* this.fromModel(
          run,
          translateMessages(input, core),
          Math.max(1, cap - run.tokens),
          signal,
        )
      }
      if (trail) yield trail
    }
  }

  /** The passages of the course `member` may read that best answer `question`. */
  retrieve(member: AuthedMember, question: string, limit = 4): Promise<Hit[]> {
    return this.index.search(
      question,
      (p) => this.deps.courses.mayRead(p, p.courseArea, member),
      limit,
    )
  }

  async ask(member: AuthedMember, question: string, signal: AbortSignal) {
    const now = this.deps.now()
    const hits = await this.retrieve(member, question)
    const writer: Writer = hits.length && this.model ? 'model' : 'course'
    const earlier = writer === 'model' ? await recentChat(this.db, member.id, new Date(now), 6) : []
    const questionId = await insertChatMessage(this.db, {
      memberId: member.id,
      role: 'member',
      text: question,
      writer: null,
      status: 'done',
      createdAt: new Date(now),
    })
    const answerId = await insertChatMessage(this.db, {
      memberId: member.id,
      role: 'assistant',
      text: '',
      writer,
      status: 'running',
      createdAt: new Date(now + 1),
    })
    const usage = await this.admit(member, writer === 'model', () =>
      removeChatMessages(this.db, member.id, [questionId, answerId]),
    )
    await pruneChat(this.db, member.id, MAX_CHAT_MESSAGES)
    const sources: Source[] = hits.map(({ passage }) => ({
      path: passage.path,
      title: passage.title,
      heading: passage.heading,
      anchor: passage.anchor,
      text: passage.text,
    }))
    const run: Run = { writer, written: '', tokens: 0 }
    const text =
      writer === 'model'
        ? this.fromModel(run, chatMessages(question, hits, earlier), this.tokenCap(usage), signal)
        : courseAnswer(hits)
    return this.stream(
      answerId,
      run,
      text,
      signal,
      ({ output, ...outcome }) =>
        finishChatMessage(this.db, answerId, { ...outcome, text: output, sources, writer }),
      sources,
    )
  }
}

async function* templateText(input: WriteInput) {
  const variants = writeFromTemplates(input, Math.floor(Math.random() * 1_000_000))
  for (const [i, variant] of variants.entries()) {
    yield i === 0 ? variant : `\n\n${variantHeading(i + 1)}\n${variant}`
  }
}

/** A passage cut to about `max` characters at a line or sentence end, for a quoted answer. */
export function excerpt(text: string, max = 480) {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const end = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf('. '), cut.lastIndexOf('? '))
  return `${(end > max / 2 ? cut.slice(0, end + 1) : cut.slice(0, cut.lastIndexOf(' '))).trimEnd()} …`
}

/** Without a model (or without passages), the answer is the course's own words, each with its lesson. */
async function* courseAnswer(hits: Hit[]) {
  if (hits.length === 0) {
    yield 'The course does not cover that question, so I will not guess. Try other words, search the lessons, or ask us through the Contact us page.'
    return
  }
  yield 'Here is what the course says about it. Open a lesson below to read the whole part.'
  for (const [i, { passage }] of hits.entries()) {
    const where = passage.heading ? `${passage.title}: ${passage.heading}` : passage.title
    yield `\n\n[${i + 1}] ${where}\n${excerpt(passage.text)}`
  }
}
