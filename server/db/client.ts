import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

import { DatabaseBusy } from '../errors'
import { EmbeddedClient } from './embedded'
import { Listeners, PgChannels, type ChannelHandlers } from './notifications'
import * as schema from './schema'

export type { ChannelHandlers } from './notifications'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** How the database's connections are used now: a PostgreSQL pool's, or the embedded worker. */
export interface DatabaseUsage {
  inUse: number
  idle: number
  waiting: number
}

export interface Database {
  db: Db
  driver: 'pglite' | 'postgres'
  /** Throws when the database cannot answer. */
  ping(): Promise<void>
  /** Follows NOTIFY on a channel until the returned function is called or the database closes. */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>
  /**
   * Call after a write that notified `payload` on `channel` has committed: resolves once every
   * listener of every server instance has taken that notification in (or after a timeout, or at
   * once when this instance cannot tell).
   */
  heardEverywhere(channel: string, payload: string): Promise<void>
  /**
   * The embedded database's files as one tar (gzipped unless `compression` is 'none'), taken
   * between two statements, so it is consistent; PostgreSQL is backed up with its own tools
   * (pg_dump).
   */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>
  /**
   * How long the longest waiting query has waited for a connection (on PostgreSQL a pool's, in
   * the embedded database its worker thread), in ms; 0 when none waits.
   */
  waitingMs(): number
  /** Connections in use and idle, and queries waiting for one, now. */
  usage(): DatabaseUsage
  /** Tells `observe` how long each query waited for a connection (or the embedded worker), in ms. */
  observeWaits(observe: (ms: number) => void): void
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseOptions =
  | {
      driver: 'postgres'
      url: string
      poolSize?: number
      /** A query that waits longer for a connection fails with DatabaseBusy (none without). */
      maxCheckoutWaitMs?: number
    }
  /** On disk in `dataDir`, in memory without one; `loadDataDir` starts from a dump. */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob }

/** pg-pool's words when `connectionTimeoutMillis` ran out: waiting for a connection, or opening one. */
const CHECKOUT_TIMEOUTS = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]

/** A checkout that waited its limit out is the database being busy, told apart from its failure. */
const waitedOut = (error: Error) =>
  CHECKOUT_TIMEOUTS.includes(error.message) ? new DatabaseBusy(error) : error

/**
 * Notes when each checkout of a pool connection began until it gets one (a query borrows one the
 * same way), oldest first, so load shedding can tell how long work waits for the database rather
 * than how much of it queues: a long queue that moves fast is no overload.
 */
function timeCheckouts(pool: pg.Pool, observer: { observe?: (ms: number) => void }) {
  const waiting = new Set<{ at: number }>()
  const done = (checkout: { at: number }) => {
    waiting.delete(checkout)
    observer.observe?.(performance.now() - checkout.at)
  }
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client: pg.PoolClient, done: () => void) => void,
  ) => Promise<pg.PoolClient> | undefined
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    const checkout = { at: performance.now() }
    waiting.add(checkout)
    if (callback) {
      return connect((error, client, release) => {
        done(checkout)
        callback(error && waitedOut(error), client, release)
      })
    }
    return connect()!
      .catch((error: Error) => Promise.reject(waitedOut(error)))
      .finally(() => done(checkout))
  }) as typeof pool.connect
  return waiting
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const poolSize = options.poolSize ?? 10
    const pool = new pg.Pool({ connectionString: options.url, max: poolSize })
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {})
    const observer: { observe?: (ms: number) => void } = {}
    const waitingSince = timeCheckouts(pool, observer)
    const db = drizzlePg({ client: pool, schema })
    try {
      await migratePg(db, { migrationsFolder })
    } catch (error) {
      await pool.end()
      throw error
    }
    // Once migrated (a slow first connection at start is no overload), the wait for a free
    // connection, or for a new one to open, is bounded: pg-pool reads the option at each checkout.
    if (options.maxCheckoutWaitMs) pool.options.connectionTimeoutMillis = options.maxCheckoutWaitMs
    const channels = new PgChannels(options.url, pool)
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, handlers) => channels.listen(channel, handlers),
      heardEverywhere: (channel, payload) => channels.heardEverywhere(channel, payload),
      waitingMs: () => {
        const oldest = waitingSince.values().next()
        return oldest.done ? 0 : performance.now() - oldest.value.at
      },
      usage: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      observeWaits: (observe) => {
        observer.observe = observe
      },
      close: async () => {
        await channels.stopAll()
        await pool.end()
      },
    }
  }

  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {}
  let client: EmbeddedClient
  try {
    client = await EmbeddedClient.start({
      ...(options.dataDir ? { dataDir: join(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
  } catch (error) {
    release()
    throw error
  }
  // Drizzle's PGlite driver calls only `query` and `transaction`, which the client answers from
  // its worker thread.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    release()
    throw error
  }
  const listeners = new Listeners()
  let closed = false
  const usable = () => {
    if (closed) throw new Error('database is closed')
    if (client.failure) throw client.failure
  }
  return {
    db,
    driver: 'pglite',
    // A statement under way holds the one connection, and its worker answering it is the
    // database being up: only an idle database is asked.
    ping: async () => {
      usable()
      if (client.idle) await db.execute(sql`select 1`)
    },
    // One connection: a trigger's notification reaches the callback before the statement that
    // caused it answers, and it cannot be lost, so this is live from the start and a writer has
    // nobody to wait for.
    listen: async (channel, handlers) => {
      usable()
      const unlisten = await client.listen(channel, (payload) => handlers.notify(payload))
      handlers.live(true)
      return listeners.add(async () => {
        handlers.live(false)
        await unlisten()
      })
    },
    heardEverywhere: async () => {},
    waitingMs: () => client.waitingMs(),
    usage: () => client.usage(),
    observeWaits: (observe) => {
      client.observeWait = observe
    },
    dump: async (compression = 'gzip') => {
      usable()
      return client.dumpDataDir(compression)
    },
    close: async () => {
      if (closed) return
      await listeners.stopAll()
      closed = true
      await client.close()
      release()
    },
  }
}

/** The live process holding an embedded data directory, or null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  const lockPath = join(dataDir, 'server.lock')
  if (!existsSync(lockPath)) return null
  const holder = Number(readFileSync(lockPath, 'utf8').trim())
  return holder && isAlive(holder) ? holder : null
}

/** PGlite is one process's database: a second process on the same folder would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeFileSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = dataDirHolder(dataDir)
      if (holder) {
        throw new Error(
          `The data directory ${dataDir} is in use by another server process (pid ${holder}). ` +
            'Stop that process first, or set DATA_DIR to another folder: two processes on one ' +
            'embedded database would corrupt it.',
          { cause: error },
        )
      }
      rmSync(lockPath, { force: true }) // left behind by a process that has died
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
