import { MessageChannel } from 'node:worker_threads'

import { describe, expect, it, vi } from 'vitest'

import { HeardCache } from '../../server/services/heard-cache'

/** A database whose instances hear of every change at once, and which counts the waits. */
function database() {
  const waits: string[] = []
  return {
    waits,
    heardEverywhere: async (_channel: string, payload: string) => void waits.push(payload),
  }
}

function setup(limits: { size: number; ttlMs: number; weight?: number }) {
  const db = database()
  const cache = new HeardCache<string[]>(
    'changes',
    db,
    () => 0,
    limits,
    (value) => value.length,
  )
  cache.setLive(true)
  const load = vi.fn(async (owner: string) => [owner])
  return { cache, load, db }
}

describe('the heard cache', () => {
  it("keeps several values of one owner apart, and forgets all of them on the owner's change", async () => {
    const { cache, load } = setup({ size: 10, ttlMs: 60_000 })
    await cache.get('a', load, 'page=1')
    await cache.get('a', load, 'page=2')
    await cache.get('b', load)
    expect(load).toHaveBeenCalledTimes(3)
    await cache.get('a', load, 'page=2')
    expect(load).toHaveBeenCalledTimes(3)
    cache.heard('a')
    expect(cache.size).toBe(1)
    await cache.get('a', load, 'page=1')
    await cache.get('b', load)
    expect(load).toHaveBeenCalledTimes(4)
  })

  it('lets news that arrives by the next poll for input in before answering a hit, for every hit of a turn', async () => {
    const { cache } = setup({ size: 10, ttlMs: 60_000 })
    let version = 0
    const load = async (owner: string) => [`${owner} v${version}`]
    await cache.get('a', load)
    // News comes as input does (a message from the database's worker, a notification on a socket):
    // it is read in the poll phase after the turn that sent it.
    const { port1, port2 } = new MessageChannel()
    port1.on('message', (owner: string) => cache.heard(owner))
    const news = () => {
      version += 1
      port2.postMessage('a')
    }
    try {
      // Two hits of one turn, the news sent in that turn.
      const both = [cache.get('a', load), cache.get('a', load)]
      news()
      expect(await Promise.all(both)).toEqual([['a v1'], ['a v1']])
      // A hit met in a later turn's check phase, the news sent just after it.
      const late = await new Promise<string[] | undefined>((resolve) =>
        setImmediate(() => {
          const hit = cache.get('a', load)
          news()
          void hit.then(resolve)
        }),
      )
      expect(late).toEqual(['a v2'])
    } finally {
      port1.close()
    }
  })

  it('makes the hits of one turn share one wait', async () => {
    const { cache, load } = setup({ size: 10, ttlMs: 60_000 })
    await cache.get('a', load)
    const immediate = vi.spyOn(globalThis, 'setImmediate')
    try {
      const hits = Array.from({ length: 100 }, () => cache.get('a', load))
      expect(await Promise.all(hits)).toEqual(Array.from({ length: 100 }, () => ['a']))
      // Two check phases for all of them, not two for each.
      expect(immediate).toHaveBeenCalledTimes(2)
    } finally {
      immediate.mockRestore()
    }
  })

  it('stays under its weight, dropping what was used longest ago, and keeps nothing heavier', async () => {
    const { cache } = setup({ size: 10, ttlMs: 60_000, weight: 5 })
    const list = (n: number) => async () => Array.from({ length: n }, (_, i) => String(i))
    await cache.get('a', list(2))
    await cache.get('b', list(2))
    await cache.get('a', list(2))
    await cache.get('c', list(2))
    const load = vi.fn(list(1))
    await cache.get('a', load)
    await cache.get('c', load)
    expect(load).not.toHaveBeenCalled()
    await cache.get('b', load)
    expect(load).toHaveBeenCalledTimes(1)
    const heavy = vi.fn(list(6))
    await cache.get('d', heavy)
    await cache.get('d', heavy)
    expect(heavy).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(3)
  })

  it('freezes what it keeps, nested values too', async () => {
    const { cache } = setup({ size: 10, ttlMs: 60_000 })
    const kept = await cache.get('a', async () => [['nested']] as unknown as string[])
    expect(Object.isFrozen(kept)).toBe(true)
    expect(Object.isFrozen(kept![0])).toBe(true)
  })

  it('waits for nobody after a write that changed nothing', async () => {
    const { cache, db } = setup({ size: 10, ttlMs: 60_000 })
    expect(await cache.change('a', async () => false, Boolean)).toBe(false)
    expect(await cache.change('a', async () => true, Boolean)).toBe(true)
    expect(db.waits).toEqual(['a'])
  })
})
