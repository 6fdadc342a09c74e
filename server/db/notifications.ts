import { randomBytes } from 'node:crypto'

import pg from 'pg'

export interface ChannelHandlers {
  /** A payload sent on the channel; it comes once its transaction has committed. */
  notify(payload: string): void
  /**
   * False once notifications may have been missed (the connection that listens is lost), true
   * when they arrive again. Starts false: the first call is the first news.
   */
  live(listening: boolean): void
}

/** A database's listeners: each stops once, and whatever is left stops when the database closes. */
export class Listeners {
  private readonly running = new Set<() => Promise<void>>()

  add(stop: () => Promise<void>): () => Promise<void> {
    const unlisten = async () => {
      if (!this.running.delete(unlisten)) return
      await stop()
    }
    this.running.add(unlisten)
    return unlisten
  }

  async stopAll() {
    await Promise.all([...this.running].map((unlisten) => unlisten()))
  }
}

const RETRY_MS = { first: 200, max: 5000 }
const HEARTBEAT_MS = 10_000
const TIMEOUT_MS = 5000
/** Acknowledgements come within milliseconds; this bounds the wait for one that never comes. */
const HEARD_TIMEOUT_MS = 500

/** How listening connections show in pg_stat_activity, so a writer can tell whom to wait for. */
export const listenerName = (channel: string) => `members-area listen ${channel}`
const heardChannel = (channel: string) => `${channel}_heard`

interface Waiter {
  channel: string
  /** The marker notification waited for: the payload and a token of this wait. */
  marker: string
  /** Backend pids of the listening connections that have not acknowledged yet; null until known. */
  pending: Set<number> | null
  /** Acknowledgements that came before the pids were known. */
  early: Set<number>
  done(): void
}

/** A marker is the changed payload and a token: payloads (ids, or '' for all) hold no space. */
const isMarker = (payload: string) => payload.includes(' ')

/**
 * NOTIFY on PostgreSQL, each listener on a connection of its own: a pooled one goes back to the
 * pool and would stop listening. A writer that must know every server instance has taken its
 * change in (`heardEverywhere`) sends a marker on the channel after its write committed; each
 * listening connection acknowledges a marker on `<channel>_heard` with its backend pid. A
 * connection receives notifications in commit order, so by the marker it has run its handlers
 * for the write's own notification, and for every earlier one.
 */
export class PgChannels {
  private readonly listeners = new Listeners()
  private readonly live = new Map<string, number>()
  private readonly waiting = new Set<Waiter>()

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  async listen(channel: string, handlers: ChannelHandlers) {
    let listening = false
    const stop = await listenPostgres(this.url, channel, {
      notify: handlers.notify,
      live: (now) => {
        if (now !== listening) {
          listening = now
          this.live.set(channel, (this.live.get(channel) ?? 0) + (now ? 1 : -1))
          // Without a live connection of ours no acknowledgement can reach a waiting writer.
          if (!now && !this.live.get(channel)) this.release(channel)
        }
        handlers.live(now)
      },
      heard: (marker, pid) => this.acknowledged(channel, marker, pid),
    })
    return this.listeners.add(stop)
  }

  /**
   * Call after a write that notified `payload` on `channel` has committed. Resolves once every
   * connection listening now has run its handlers for every notification committed before this
   * call; at once when no connection of this database listens (none could tell), or after
   * `timeoutMs`.
   */
  async heardEverywhere(channel: string, payload: string, timeoutMs = HEARD_TIMEOUT_MS) {
    if (!this.live.get(channel)) return
    const marker = `${payload} ${randomBytes(9).toString('base64url')}`
    let resolve = () => {}
    const everywhere = new Promise<void>((r) => (resolve = r))
    const waiter: Waiter = {
      channel,
      marker,
      pending: null,
      early: new Set(),
      done: () => {
        clearTimeout(timer)
        this.waiting.delete(waiter)
        resolve()
      },
    }
    const timer = setTimeout(waiter.done, timeoutMs)
    // Waiting before the marker goes: an acknowledgement may come before the statement's answer.
    this.waiting.add(waiter)
    try {
      // One round trip: who listens now, and the marker for them (sent once, whoever listens).
      const { rows } = await this.pool.query<{ pids: number[] }>(
        `select array(select pid from pg_stat_activity
           where datname = current_database() and application_name = $1) as pids,
         pg_notify($2, $3)`,
        [listenerName(channel), channel, marker],
      )
      waiter.pending = new Set(rows[0]!.pids.filter((pid) => !waiter.early.has(pid)))
    } catch (error) {
      waiter.done()
      throw error
    }
    if (waiter.pending.size === 0) waiter.done()
    await everywhere
  }

  stopAll() {
    return this.listeners.stopAll()
  }

  private acknowledged(channel: string, marker: string, pid: number) {
    for (const waiter of this.waiting) {
      if (waiter.channel !== channel || waiter.marker !== marker) continue
      if (!waiter.pending) waiter.early.add(pid)
      else if (waiter.pending.delete(pid) && waiter.pending.size === 0) waiter.done()
    }
  }

  private release(channel: string) {
    for (const waiter of this.waiting) if (waiter.channel === channel) waiter.done()
  }
}

/**
 * One listening connection. A lost connection is reported and retried with backoff; the
 * heartbeat finds one that died without a word (a half-open TCP connection says nothing until
 * something is sent). Resolves after the first attempt, listening or not, so a server can start
 * while PostgreSQL recovers.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers & { heard(payload: string, pid: number): void },
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined
  let stopped = false
  let failures = 0
  let retry: NodeJS.Timeout | undefined
  // Acknowledgements go out in batches, one statement at a time on the listening connection (the
  // heartbeat takes its turn the same way): a burst of writes costs a few round trips, not one each.
  let unacknowledged = new Set<string>()
  /** A statement is running on the listening connection. */
  let busy = false

  /** Runs one statement on the connection, then the acknowledgements that came meanwhile. */
  const run = (client: pg.Client, text: string, values?: unknown[]) => {
    busy = true
    client.query(text, values).then(
      () => {
        busy = false
        acknowledge(client)
      },
      () => lost(client),
    )
  }

  const acknowledge = (client: pg.Client) => {
    if (busy || unacknowledged.size === 0 || client !== current) return
    const markers = [...unacknowledged]
    unacknowledged = new Set()
    run(client, `select pg_notify($1, p || ' ' || pg_backend_pid()) from unnest($2::text[]) as p`, [
      heardChannel(channel),
      markers,
    ])
  }

  const lost = (client: pg.Client) => {
    if (client !== current) return
    current = undefined
    handlers.live(false)
    void client.end().catch(() => {})
    if (stopped) return
    const delay = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** failures++)
    retry = setTimeout(() => void connect(), delay).unref()
  }

  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: listenerName(channel),
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
    })
    current = client
    unacknowledged = new Set()
    busy = false
    client.on('error', () => lost(client))
    client.on('end', () => lost(client))
    client.on('notification', ({ channel: from, payload = '' }) => {
      if (from === channel) {
        if (isMarker(payload)) {
          unacknowledged.add(payload)
          acknowledge(client)
        } else {
          handlers.notify(payload)
        }
      } else if (from === heardChannel(channel)) {
        const at = payload.lastIndexOf(' ')
        handlers.heard(payload.slice(0, at), Number(payload.slice(at + 1)))
      }
    })
    try {
      await client.connect()
      await client.query(
        `LISTEN ${client.escapeIdentifier(channel)}; LISTEN ${client.escapeIdentifier(heardChannel(channel))}`,
      )
    } catch {
      lost(client)
      return
    }
    if (client !== current) {
      void client.end().catch(() => {})
      return
    }
    failures = 0
    handlers.live(true)
  }

  const heartbeat = setInterval(() => {
    const client = current
    // An acknowledgement under way checks the connection as well (it times out the same way).
    if (client && !busy) run(client, 'select 1')
  }, HEARTBEAT_MS).unref()

  await connect()
  return async () => {
    stopped = true
    clearInterval(heartbeat)
    clearTimeout(retry)
    const client = current
    current = undefined
    handlers.live(false)
    await client?.end().catch(() => {})
  }
}
