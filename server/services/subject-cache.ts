import type { Database } from '../db/client'
import type { TokenSubject } from '../repos/members'

/** Where the members table's triggers announce a changed member's id (migration 0008). */
export const MEMBER_CHANGED_CHANNEL = 'member_changed'
const SUBJECT_CACHE_SIZE = 10_000
const SUBJECT_CACHE_TTL_MS = 60_000

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Past the next poll for input: what had arrived by then has been read. */
async function settle() {
  await nextTurn()
  await nextTurn()
}

interface Entry {
  subject: TokenSubject
  expiresAt: number
}

/**
 * The members that token checks read, kept in memory so a request of a member who has not
 * changed needs no database round trip. Correct only while every change to a member is heard of:
 * the members table notifies each change (a trigger) and the server calls `heard`, its own writes
 * go through `change`, and `setLive(false)` says news may be missed; then nothing is kept and
 * every check reads the database. The age limit is a safety net, not the mechanism.
 */
export class SubjectCache {
  /** In use order, least recent first: a Map iterates in insertion order. */
  private readonly entries = new Map<string, Entry>()
  /** Moves on every change; a read that overlapped one is not kept, it may predate it. */
  private generation = 0
  private listening = false

  constructor(
    private readonly database: Pick<Database, 'expectHeard'>,
    private readonly now: () => number,
    private readonly options = { size: SUBJECT_CACHE_SIZE, ttlMs: SUBJECT_CACHE_TTL_MS },
  ) {}

  /** Whether changes are heard of, so members are kept. */
  get live() {
    return this.listening
  }

  get size() {
    return this.entries.size
  }

  async get(
    id: string,
    load: (id: string) => Promise<TokenSubject | undefined>,
  ): Promise<TokenSubject | undefined> {
    // A hit would otherwise be answered within the turn of the event loop that took the request
    // in, ahead of a notification that came in the same turn or just after: let it in first.
    if (this.entries.has(id)) await settle()
    const entry = this.entries.get(id)
    if (entry) {
      this.entries.delete(id)
      if (entry.expiresAt > this.now()) {
        this.entries.set(id, entry)
        return entry.subject
      }
    }
    const generation = this.generation
    const subject = await load(id)
    if (subject && this.listening && generation === this.generation) {
      // Shared by every request of this member from now on: no handler may change it.
      Object.freeze(subject.areas)
      this.entries.set(id, {
        subject: Object.freeze(subject),
        expiresAt: this.now() + this.options.ttlMs,
      })
      if (this.entries.size > this.options.size) {
        this.entries.delete(this.entries.keys().next().value!)
      }
    }
    return subject
  }

  /** A member changed; an empty id stands for every member. */
  forget(id: string) {
    this.generation++
    if (id) this.entries.delete(id)
    else this.entries.clear()
  }

  /** The database's news that a member changed (an empty id: all of them). */
  heard(id: string) {
    this.forget(id)
  }

  /** Whether changes are heard of. Either way what is kept goes: news may have been missed. */
  setLive(listening: boolean) {
    this.listening = listening
    this.forget('')
  }

  /**
   * Runs a write that changes what token checks read of a member. This instance forgets the
   * member as soon as the write is done, not a notification later; the answer then waits until
   * every server instance has heard of the change from the database, so none of them still
   * accepts a revoked token by the time the caller can ask again.
   */
  async change<T>(id: string, write: () => Promise<T>): Promise<T> {
    const heard = await this.database.expectHeard(MEMBER_CHANGED_CHANNEL, id)
    let result: T
    try {
      result = await write()
    } catch (error) {
      heard.cancel()
      throw error
    } finally {
      this.forget(id)
    }
    await heard.everywhere
    return result
  }
}
