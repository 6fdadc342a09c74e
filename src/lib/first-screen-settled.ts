import type { QueryClient } from '@tanstack/react-query'

/** How long no query or mutation may be on its way before the screen's data counts as arrived. */
export const QUIET_MS = 1000
/** Idle periods of the main thread in a row, each nearly a whole one (50 ms), that end the wait. */
export const IDLE_PERIODS = 6
/** The longest it waits: a screen that keeps asking (a poll) or keeps drawing settles then. */
export const MAX_WAIT_MS = 20_000

/**
 * Resolves once the first screen has settled: no query has been fetching and no mutation
 * running for QUIET_MS (its data has arrived), and then the main thread has been idle for
 * IDLE_PERIODS idle periods in a row (the screen has drawn it); or after MAX_WAIT_MS. Without
 * requestIdleCallback (Safari), the quiet queries alone.
 */
export function firstScreenSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined
    let finished = false
    const done = () => {
      if (finished) return
      finished = true
      clearTimeout(quiet)
      clearTimeout(longest)
      unsubscribeQueries()
      unsubscribeMutations()
      resolve()
    }
    const idleStretch = () => {
      if (!('requestIdleCallback' in globalThis)) return done()
      let inARow = 0
      const next = () =>
        requestIdleCallback((deadline) => {
          if (finished) return
          inARow = deadline.timeRemaining() >= 40 ? inARow + 1 : 0
          if (inARow >= IDLE_PERIODS) done()
          else next()
        })
      next()
    }
    const check = () => {
      if (finished) return
      if (client.isFetching() + client.isMutating() > 0) {
        clearTimeout(quiet)
        quiet = undefined
      } else
        quiet ??= setTimeout(() => {
          unsubscribeQueries()
          unsubscribeMutations()
          idleStretch()
        }, QUIET_MS)
    }
    const longest = setTimeout(done, MAX_WAIT_MS)
    const unsubscribeQueries = client.getQueryCache().subscribe(check)
    const unsubscribeMutations = client.getMutationCache().subscribe(check)
    check()
  })
}
