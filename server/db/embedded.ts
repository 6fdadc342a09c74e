import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

import type { Results, RowMode } from '@electric-sql/pglite'

import type { Request, SentError, WorkerMessage, WorkerOptions } from './embedded-worker'

/** A request before it is numbered (each kind keeps its own fields). */
type Unnumbered = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
  /** When it was sent (performance.now()). */
  sentAt: number
}

/** What a transaction's callback runs its statements on. */
export interface EmbeddedTransaction {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

const LARGEST_ID = 0x7fffffff
/** Fewer requests than this waiting for the database is a burst, never a reason to shed. */
const QUEUE_FLOOR = 16
/** More requests than this under way at once would blur which of them wait. */
const STARTED_SLOTS = 1 << 16

const asError = (error: SentError) => Object.assign(new Error(error.message), error.fields)

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`

let pgliteModule: Promise<WebAssembly.Module> | undefined
/**
 * PGlite's WebAssembly, compiled once for the process: a new thread would compile it again
 * (seconds of CPU), while a compiled module passes to each database's worker as it is.
 */
const compiledPglite = () =>
  (pgliteModule ??= readFile(
    createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes)))

/**
 * The embedded database (PGlite) in a worker thread of its own (`embedded-worker.ts`), with the
 * part of PGlite's interface that drizzle and the server use: each call is sent to the worker
 * and its answer awaited, so the server's event loop never runs SQL. The worker runs one request
 * at a time, in order; a transaction holds every other request back until it ends, as PGlite's
 * one connection does.
 */
export class EmbeddedClient {
  private readonly pending = new Map<number, Pending>()
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private lastId = 0
  /** Told how long each request waited for the worker to start it, in ms. */
  observeWait: ((ms: number) => void) | undefined
  private stopped: Error | undefined
  private closing: Promise<void> | undefined

  private constructor(
    private readonly worker: Worker,
    private readonly started: Int32Array,
  ) {
    worker.on('message', (message: WorkerMessage) => this.received(message))
    worker.on('error', (error) =>
      this.stop(new Error(`The embedded database failed: ${error.message}`)),
    )
    worker.on('exit', () => this.stop(new Error('The embedded database is closed')))
    // An idle database does not keep the process alive; one with requests under way does.
    worker.unref()
  }

  /** Starts the worker and opens the database in it. */
  static async start(options: { dataDir?: string; loadDataDir?: Blob }): Promise<EmbeddedClient> {
    const started = new SharedArrayBuffer(STARTED_SLOTS * Int32Array.BYTES_PER_ELEMENT)
    const worker = new Worker(new URL('./embedded-worker-start.js', import.meta.url), {
      workerData: { ...options, started, pglite: await compiledPglite() } satisfies WorkerOptions,
    })
    const [first] = (await once(worker, 'message')) as [WorkerMessage]
    if (first.kind !== 'ready') {
      await worker.terminate()
      throw first.kind === 'failed' ? asError(first.error) : new Error('The database did not start')
    }
    return new EmbeddedClient(worker, new Int32Array(started))
  }

  query<T>(sql: string, params?: unknown[], options?: { rowMode?: RowMode }) {
    return this.queryIn<T>(undefined, sql, params, options)
  }

  exec(sql: string): Promise<Results[]> {
    return this.send({ kind: 'exec', sql })
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId()
    await this.send({ kind: 'begin' }, id)
    let result: T
    try {
      result = await callback({
        query: (sql, params, options) => this.queryIn(id, sql, params, options),
        exec: (sql) => this.send({ kind: 'exec', sql, transaction: id }),
      })
    } catch (error) {
      await this.send({ kind: 'end', transaction: id, commit: false })
      throw error
    }
    await this.send({ kind: 'end', transaction: id, commit: true })
    return result
  }

  /**
   * Calls `callback` with each payload notified on `channel`. A notification is taken in before
   * the statement that caused it answers.
   */
  async listen(channel: string, callback: (payload: string) => void) {
    let callbacks = this.listeners.get(channel)
    if (!callbacks) {
      callbacks = new Set()
      this.listeners.set(channel, callbacks)
      await this.exec(`LISTEN ${quoted(channel)}`)
    }
    const listening = callbacks
    listening.add(callback)
    return async () => {
      if (!listening.delete(callback) || listening.size > 0) return
      this.listeners.delete(channel)
      await this.exec(`UNLISTEN ${quoted(channel)}`)
    }
  }

  /** The database's files as a tar, taken between two statements. */
  dumpDataDir(compression: 'none' | 'gzip'): Promise<Blob> {
    return this.send({ kind: 'dump', compression })
  }

  /**
   * How long the longest waiting request has waited for the worker to start it, in ms, while
   * at least QUEUE_FLOOR requests wait; 0 otherwise. A browser sends a page's requests six at a
   * time: on a busy machine they may wait a while behind each other, and that is no overload.
   * An answer this thread has not taken in yet is no wait for the database.
   */
  waitingMs(): number {
    if (this.pending.size < QUEUE_FLOOR) return 0
    let oldest: number | undefined
    let waiting = 0
    for (const [id, { sentAt }] of this.pending) {
      if (Atomics.load(this.started, id % this.started.length) === id) continue
      oldest ??= sentAt
      if (++waiting >= QUEUE_FLOOR) return performance.now() - oldest
    }
    return 0
  }

  /** Nothing is sent and unanswered. */
  get idle() {
    return this.pending.size === 0
  }

  /** Why the database cannot answer any more, if it cannot. */
  get failure() {
    return this.stopped
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (!this.stopped) await this.send({ kind: 'close' })
      } finally {
        this.stop(new Error('The embedded database is closed'))
        await this.worker.terminate()
      }
    })()
    return this.closing
  }

  private queryIn<T>(
    transaction: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: { rowMode?: RowMode } = {},
  ): Promise<Results<T>> {
    const rowMode = options.rowMode ?? 'object'
    return this.send({ kind: 'query', sql, params, rowMode, transaction })
  }

  private nextId() {
    this.lastId = this.lastId === LARGEST_ID ? 1 : this.lastId + 1
    return this.lastId
  }

  private send<T>(request: Unnumbered, id = this.nextId()): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    return new Promise<T>((resolve, reject) => {
      // Throws (and so rejects) for a parameter that cannot be copied to another thread.
      this.worker.postMessage({ ...request, id })
      if (this.pending.size === 0) this.worker.ref()
      this.pending.set(id, {
        resolve: (value) => resolve(value as T),
        reject,
        sentAt: performance.now(),
      })
    })
  }

  private settle(id: number) {
    const pending = this.pending.get(id)
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker.unref()
    return pending
  }

  private received(message: WorkerMessage) {
    switch (message.kind) {
      case 'notification':
        for (const callback of this.listeners.get(message.channel) ?? []) callback(message.payload)
        return
      case 'answer':
        this.waited(message.startedAt, this.settle(message.id))?.resolve(message.result)
        return
      case 'error':
        this.waited(message.startedAt, this.settle(message.id))?.reject(asError(message.error))
        return
    }
  }

  private waited(startedAt: number, pending: Pending | undefined) {
    if (pending && this.observeWait) {
      this.observeWait(Math.max(0, startedAt - (performance.timeOrigin + pending.sentAt)))
    }
    return pending
  }

  /** How the one connection is used: busy or idle, and how many requests wait behind it. */
  usage() {
    const busy = this.pending.size > 0 ? 1 : 0
    return { inUse: busy, idle: 1 - busy, waiting: Math.max(0, this.pending.size - 1) }
  }

  /** No more answers will come: whatever waits for one fails with `error`. */
  private stop(error: Error) {
    this.stopped ??= error
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(this.stopped)
  }
}
