import { Redis } from 'ioredis'
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'

import type { Limit, RateLimits } from '../config'
import { tooManyRequests } from '../errors'

export type LimitName = keyof RateLimits

/**
 * Counters for the sign-in family of calls. In memory by default; in Redis (shared by every
 * server instance) when a Redis URL is given. Redis trouble falls back to memory, never to
 * "no limit".
 */
export class RateLimiter {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>
  private readonly redis: Redis | undefined

  constructor(
    limits: RateLimits,
    options: { redisUrl?: string | undefined; prefix?: string } = {},
  ) {
    const prefix = options.prefix ?? 'members-area'
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
      : undefined
    this.redis?.on('error', () => {}) // reported through the insurance limiter falling back
    const make = (name: string, limit: Limit): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({
        points: limit.points,
        duration: limit.durationSeconds,
        keyPrefix: `${prefix}:${name}`,
      })
      if (!this.redis) return memory
      return new RateLimiterRedis({
        storeClient: this.redis,
        points: limit.points,
        duration: limit.durationSeconds,
        keyPrefix: `${prefix}:${name}`,
        insuranceLimiter: memory,
      })
    }
    this.limiters = Object.fromEntries(
      Object.entries(limits).map(([name, limit]) => [name, make(name, limit as Limit)]),
    ) as Record<LimitName, RateLimiterAbstract>
  }

  /** Throws 429 with Retry-After when `key` has used up `name`, without counting. */
  async check(name: LimitName, key: string): Promise<void> {
    const limiter = this.limiters[name]
    const state = await limiter.get(key)
    if (state && state.consumedPoints >= limiter.points) {
      throw tooManyRequests(state.msBeforeNext / 1000)
    }
  }

  /** Counts one attempt; throws 429 with Retry-After once past the limit. */
  async consume(name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(key)
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000)
      throw error
    }
  }

  /** Counts one failure without refusing this request (the next check refuses). */
  async penalize(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(key)
  }

  /** The points `name` allows in a window. */
  points(name: LimitName): number {
    return this.limiters[name].points
  }

  /** How many points `key` has used of `name` in its current window. */
  async used(name: LimitName, key: string): Promise<number> {
    return (await this.limiters[name].get(key))?.consumedPoints ?? 0
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key)
  }

  async close(): Promise<void> {
    this.redis?.disconnect()
  }
}
