import type { Database } from '../db/client'
import { deepFreeze } from '../shared/freeze'

/** The wait every hit of this turn shares, until its first step is taken. */
let settling: Promise<void> | undefined

/**
 * Past the next poll for input: what had arrived by then has been read. Two check phases on:
 * the first ends this turn's poll, the second comes after the next one's. Every hit of a turn
 * waits on the same promise (a turn of a busy server holds a hundred of them), and a hit that
 * comes once its first step is taken begins a wait of its own.
 */
function settle() {
  settling ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      settling = undefined
      setImmediate(resolve)
    }),
  )
  return settling
}

export interface CacheLimits {
  /** Entries kept at most; the one used longest ago goes first. */
  size: number
  /** How long an entry is used at most, whatever is heard. */
  ttlMs: number
  /** The most the entries may weigh together, as the cache's `weigh` tells; no bound without. */
  weight?: number
}

interface Entry<T> {
  owner: string
  value: T
  weight: number
  expiresAt: number
}

/**
 * What requests read of one owner (a member), kept in memory so a repeated read needs no
 * database round trip. Correct only while every change is heard of: a trigger names the owner of
 * each change on `channel` and the server calls `heard`, this instance's own writes go through
 * `change`, and `setLive(false)` says news may be missed; then nothing is kept and every read
 * goes to the database. The age limit is a safety net, not the mechanism.
 */
export class HeardCache<T> {
  /** In use order, least recent first: a Map iterates in insertion order. */
  private readonly entries = new Map<string, Entry<T>>()
  /** The keys of each owner's entries, so a change to the owner drops all of them. */
  private readonly keysOf = new Map<string, Set<string>>()
  /** Moves on every change; a read that overlapped one is not kept, it may predate it. */
  private generation = 0
  private listening = false
  private weight = 0

  constructor(
    /** Where the database names the owner of every change. */
    readonly channel: string,
    private readonly database: Pick<Database, 'heardEverywhere'>,
    private readonly now: () => number,
    private readonly limits: CacheLimits,
    private readonly weigh: (value: T) => number = () => 0,
  ) {}

  /** Whether changes are heard of, so values are kept. */
  get live() {
    return this.listening
  }

  get size() {
    return this.entries.size
  }

  /**
   * The owner's value, kept or loaded; `variant` tells apart several values of one owner (the
   * query of a list). Undefined is never kept. What is kept is frozen: it is shared by every
   * request of the owner from then on.
   */
  async get(
    owner: string,
    load: (owner: string) => Promise<T | undefined>,
    variant = '',
  ): Promise<T | undefined> {
    const key = variant ? `${owner}?${variant}` : owner
    // A hit would otherwise be answered within the turn of the event loop that took the request
    // in, ahead of a notification that came in the same turn or just after: let it in first.
    if (this.entries.has(key)) await settle()
    const entry = this.entries.get(key)
    if (entry) {
      this.entries.delete(key)
      if (entry.expiresAt > this.now()) {
        this.entries.set(key, entry)
        return entry.value
      }
      this.dropped(key, entry)
    }
    const generation = this.generation
    const value = await load(owner)
    if (value !== undefined && this.listening && generation === this.generation) {
      this.keep(owner, key, deepFreeze(value))
    }
    return value
  }

  /** The owner changed; an empty owner stands for every owner. */
  forget(owner: string) {
    this.generation++
    if (!owner) {
      this.entries.clear()
      this.keysOf.clear()
      this.weight = 0
      return
    }
    for (const key of this.keysOf.get(owner) ?? []) {
      this.weight -= this.entries.get(key)?.weight ?? 0
      this.entries.delete(key)
    }
    this.keysOf.delete(owner)
  }

  /** The database's news that an owner changed (an empty owner: all of them). */
  heard(owner: string) {
    this.forget(owner)
  }

  /** Whether changes are heard of. Either way what is kept goes: news may have been missed. */
  setLive(listening: boolean) {
    this.listening = listening
    this.forget('')
  }

  /**
   * Runs a write that changes what is kept of an owner. This instance forgets the owner as soon
   * as the write is done, not a notification later; the answer then waits until every server
   * instance has heard of the change from the database, so none of them still answers from
   * before it by the time the caller can ask again. A write that `changed` says touched nothing
   * caused no notification, so nothing is waited for.
   */
  async change<R>(
    owner: string,
    write: () => Promise<R>,
    changed: (result: R) => boolean = () => true,
  ): Promise<R> {
    let result: R
    try {
      result = await write()
    } finally {
      this.forget(owner)
    }
    if (changed(result)) await this.database.heardEverywhere(this.channel, owner)
    return result
  }

  private keep(owner: string, key: string, value: T) {
    const weight = this.weigh(value)
    const most = this.limits.weight ?? Infinity
    if (weight > most) return
    const earlier = this.entries.get(key) // kept by a read that ran alongside this one
    if (earlier) {
      this.entries.delete(key)
      this.dropped(key, earlier)
    }
    this.entries.set(key, { owner, value, weight, expiresAt: this.now() + this.limits.ttlMs })
    this.weight += weight
    let keys = this.keysOf.get(owner)
    if (!keys) this.keysOf.set(owner, (keys = new Set()))
    keys.add(key)
    while (this.entries.size > this.limits.size || this.weight > most) {
      const [oldest, entry] = this.entries.entries().next().value!
      this.entries.delete(oldest)
      this.dropped(oldest, entry)
    }
  }

  /** Bookkeeping for an entry just taken out of `entries`. */
  private dropped(key: string, { owner, weight }: Entry<T>) {
    this.weight -= weight
    const keys = this.keysOf.get(owner)
    keys?.delete(key)
    if (keys?.size === 0) this.keysOf.delete(owner)
  }
}
