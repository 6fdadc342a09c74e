import { describe, expect, it, vi } from 'vitest'

import type { TokenSubject } from '../../server/repos/members'
import { MEMBER_CHANGED_CHANNEL, SubjectCache } from '../../server/services/subject-cache'

const subject = (id: string, tokenVersion = 0): TokenSubject => ({
  id,
  email: `${id}@example.com`,
  role: 'member',
  tokenVersion,
  twoFactorEnabled: false,
  areas: ['content'],
  joinedAt: new Date(0),
})

/** A database whose instances hear of a change when the test says so. */
function fakeDatabase() {
  const waits: { channel: string; payload: string; hear(): void }[] = []
  return {
    waits,
    heardEverywhere: (channel: string, payload: string) =>
      new Promise<void>((hear) => void waits.push({ channel, payload, hear })),
  }
}

function setup(options = { size: 3, ttlMs: 60_000 }) {
  const clock = { now: 0 }
  const database = fakeDatabase()
  const cache = new SubjectCache(database, () => clock.now, options)
  const load = vi.fn(async (id: string) => subject(id))
  cache.setLive(true)
  return { clock, cache, load, database }
}

describe('the token subject cache', () => {
  it('loads a member once and answers from memory after that', async () => {
    const { cache, load } = setup()
    expect(await cache.get('a', load)).toEqual(subject('a'))
    expect(await cache.get('a', load)).toEqual(subject('a'))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps at most its size, dropping the member used longest ago', async () => {
    const { cache, load } = setup()
    for (const id of ['a', 'b', 'c']) await cache.get(id, load)
    await cache.get('a', load)
    await cache.get('d', load)
    expect(cache.size).toBe(3)
    load.mockClear()
    await cache.get('a', load)
    await cache.get('b', load)
    expect(load.mock.calls.map(([id]) => id)).toEqual(['b'])
  })

  it('reads a member again once the entry is older than its age limit', async () => {
    const { cache, load, clock } = setup()
    await cache.get('a', load)
    clock.now += 59_999
    await cache.get('a', load)
    expect(load).toHaveBeenCalledTimes(1)
    clock.now += 1
    await cache.get('a', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('does not keep a read that overlapped a change: it may be from before it', async () => {
    const { cache } = setup()
    let finish = (_: TokenSubject) => {}
    const stale = cache.get('a', () => new Promise((resolve) => (finish = resolve)))
    cache.heard('a')
    finish(subject('a', 0))
    expect((await stale)?.tokenVersion).toBe(0)
    const load = vi.fn(async (id: string) => subject(id, 1))
    expect((await cache.get('a', load))?.tokenVersion).toBe(1)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('forgets one member, or all of them for an empty id', async () => {
    const { cache, load } = setup()
    for (const id of ['a', 'b']) await cache.get(id, load)
    cache.forget('a')
    expect(cache.size).toBe(1)
    cache.heard('')
    expect(cache.size).toBe(0)
  })

  it('keeps nothing while changes are not heard of, and drops all when that changes', async () => {
    const { cache, load } = setup()
    await cache.get('a', load)
    cache.setLive(false)
    expect(cache.size).toBe(0)
    await cache.get('a', load)
    await cache.get('a', load)
    expect(load).toHaveBeenCalledTimes(3)
    cache.setLive(true)
    await cache.get('a', load)
    cache.setLive(true)
    expect(cache.size).toBe(0)
  })

  it('hands out members no request can change', async () => {
    const { cache, load } = setup()
    await cache.get('a', load)
    const kept = (await cache.get('a', load))!
    expect(() => kept.areas.push('niches')).toThrow(TypeError)
    expect(() => Object.assign(kept, { role: 'admin' })).toThrow(TypeError)
  })

  it('forgets a member right after its own write, and answers once every instance heard of it', async () => {
    const { cache, load, database } = setup()
    await cache.get('a', load)
    let written = false
    const change = cache.change('a', async () => {
      written = true
      return 7
    })
    await vi.waitFor(() => expect(written).toBe(true))
    await Promise.resolve()
    expect(cache.size).toBe(0)
    let answered = false
    void change.then(() => (answered = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(answered).toBe(false)
    expect(database.waits).toMatchObject([{ channel: MEMBER_CHANGED_CHANNEL, payload: 'a' }])
    database.waits[0]!.hear()
    expect(await change).toBe(7)
  })

  it('waits for nobody when the write fails, and forgets the member all the same', async () => {
    const { cache, load, database } = setup()
    await cache.get('a', load)
    await expect(
      cache.change('a', async () => {
        throw new Error('unique violation')
      }),
    ).rejects.toThrow('unique violation')
    expect(database.waits).toEqual([])
    expect(cache.size).toBe(0)
  })
})
