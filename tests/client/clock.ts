import { vi } from 'vitest'

/**
 * Sets the date the app reads to a local wall time (in whatever time zone the run has), going
 * on from there as real time passes. Only `Date` is replaced: timers, animation frames and
 * microtasks stay real, so the screens behave as in a browser. tests/client/setup.ts puts the
 * real clock back after each test.
 */
export function setClock(year: number, month: number, day: number, hour = 9, minute = 0) {
  vi.useFakeTimers({
    now: new Date(year, month - 1, day, hour, minute),
    toFake: ['Date'],
    shouldAdvanceTime: true,
  })
}
