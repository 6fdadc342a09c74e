/**
 * The embedded database's own thread: it owns the PGlite instance and runs what the server's
 * thread sends (`embedded.ts`) one request at a time, in the order they came, except that while
 * a transaction is open only its own statements run, as within PGlite itself. The server's event
 * loop never runs SQL.
 */
import { parentPort, workerData } from 'node:worker_threads'

import { PGlite, types, type Results, type RowMode, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

export interface WorkerOptions {
  /** On disk in this folder, in memory without one. */
  dataDir?: string
  /** A dump to start from. */
  loadDataDir?: Blob
  /**
   * Int32 slots the worker marks as it starts each request, slot `id % slots` set to `id`: the
   * server's thread reads them to tell a request that waits from one under way.
   */
  started: SharedArrayBuffer
  /** PGlite's WebAssembly, compiled. */
  pglite: WebAssembly.Module
}

export type Request = { id: number } & (
  | { kind: 'query'; sql: string; params: unknown[]; rowMode: RowMode; transaction?: number }
  | { kind: 'exec'; sql: string; transaction?: number }
  /** Opens a transaction whose id is this request's. */
  | { kind: 'begin' }
  | { kind: 'end'; transaction: number; commit: boolean }
  | { kind: 'dump'; compression: 'none' | 'gzip' }
  | { kind: 'close' }
)

export interface SentError {
  message: string
  /** PostgreSQL's error fields (code, detail, constraint …), as PGlite sets them. */
  fields: Record<string, string | number>
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SentError }
  /** `startedAt`: when the worker began the request, in ms since the epoch (any thread's clock). */
  | { kind: 'answer'; id: number; result: unknown; startedAt: number }
  | { kind: 'error'; id: number; error: SentError; startedAt: number }
  | { kind: 'notification'; channel: string; payload: string }

/**
 * Dates, timestamps and intervals (and arrays of them, and numeric arrays) stay text, as
 * drizzle's PGlite driver asks for them: its parser functions cannot cross to this thread.
 */
const parsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((type) => [type, (value: string) => value]),
)

const port = parentPort!
const options = workerData as WorkerOptions
const started = new Int32Array(options.started)
const post = (message: WorkerMessage) => port.postMessage(message)

function sendable(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} }
  const fields: SentError['fields'] = {}
  for (const [name, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value
  }
  return { message: error.message, fields }
}

interface OpenTransaction {
  id: number
  tx: Transaction
  /** Commits or rolls back; resolves once the transaction has ended. */
  end(commit: boolean): Promise<void>
}

const ROLLBACK = Symbol('rollback')

/** Holds a PGlite transaction open until `end` is called. */
function begin(pg: PGlite, id: number): Promise<OpenTransaction> {
  return new Promise((opened, failed) => {
    const ended: Promise<void> = pg
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            const end = (commits: boolean) => {
              if (commits) commit()
              else rollBack(ROLLBACK)
              return ended
            }
            opened({ id, tx, end })
          }),
      )
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error
      })
    // Before the transaction has opened, only BEGIN itself can fail.
    ended.catch(failed)
  })
}

function serve(pg: PGlite) {
  const queue: Request[] = []
  let open: OpenTransaction | undefined
  let busy = false

  const run = async (request: Request): Promise<unknown> => {
    const on = 'transaction' in request && request.transaction !== undefined ? open?.tx : pg
    if (!on) throw new Error('the transaction has ended')
    switch (request.kind) {
      case 'query': {
        const { rows, fields, affectedRows }: Results = await on.query(
          request.sql,
          request.params,
          { rowMode: request.rowMode, parsers },
        )
        return { rows, fields, affectedRows }
      }
      case 'exec':
        return (await on.exec(request.sql, { parsers })).map(({ rows, fields, affectedRows }) => ({
          rows,
          fields,
          affectedRows,
        }))
      case 'begin':
        open = await begin(pg, request.id)
        return undefined
      case 'end': {
        const ending = open
        open = undefined
        return ending?.end(request.commit)
      }
      case 'dump':
        return pg.dumpDataDir(request.compression)
      case 'close':
        return pg.close()
    }
  }

  const answer = async (request: Request) => {
    const startedAt = performance.timeOrigin + performance.now()
    try {
      post({ kind: 'answer', id: request.id, result: await run(request), startedAt })
    } catch (error) {
      post({ kind: 'error', id: request.id, error: sendable(error), startedAt })
    }
  }

  /** The next request that may run: while a transaction is open, only one of its own. */
  const next = () => {
    const at = open ? queue.findIndex((r) => 'transaction' in r && r.transaction === open!.id) : 0
    return at < 0 ? undefined : queue.splice(at, 1)[0]
  }

  const schedule = () => {
    const request = busy ? undefined : next()
    if (!request) return
    busy = true
    Atomics.store(started, request.id % started.length, request.id)
    void answer(request).then(() => {
      busy = false
      schedule()
    })
  }

  port.on('message', (request: Request) => {
    queue.push(request)
    schedule()
  })
  // A trigger's notification is posted before the answer to the statement that caused it.
  pg.onNotification((channel, payload) => post({ kind: 'notification', channel, payload }))
}

async function open() {
  try {
    const pg = await PGlite.create({
      extensions: { pg_trgm },
      pgliteWasmModule: options.pglite,
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    serve(pg)
    post({ kind: 'ready' })
  } catch (error) {
    post({ kind: 'failed', error: sendable(error) })
  }
}

void open()
