import type { FastifyBaseLogger } from 'fastify'

/** Work that must not hold up a response (mail), but is awaited before the server stops. */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly log: FastifyBaseLogger) {}

  run(task: () => Promise<void>) {
    const promise = task()
      .catch((error: unknown) => this.log.error({ err: error }, 'background task failed'))
      .finally(() => this.pending.delete(promise))
    this.pending.add(promise)
  }

  /** Resolves once every task started so far has finished. */
  async drain() {
    while (this.pending.size > 0) await Promise.all(this.pending)
  }
}
