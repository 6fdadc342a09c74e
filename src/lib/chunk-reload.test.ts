import { beforeEach, describe, expect, it, vi } from 'vitest'

import { listenForChunkErrors, shouldReloadForChunkError } from './chunk-reload'

function fakeWindow() {
  const reload = vi.fn()
  const target = new EventTarget() as unknown as Window
  Object.defineProperty(target, 'location', { value: { reload } })
  return { target, reload }
}

describe('chunk load failures', () => {
  beforeEach(() => sessionStorage.clear())

  it('reloads once, then not again within a minute, then again later', () => {
    expect(shouldReloadForChunkError(sessionStorage, 1_000_000)).toBe(true)
    expect(shouldReloadForChunkError(sessionStorage, 1_030_000)).toBe(false)
    expect(shouldReloadForChunkError(sessionStorage, 1_061_000)).toBe(true)
  })

  it('reloads on vite:preloadError during a navigation, once', () => {
    const { target, reload } = fakeWindow()
    const stop = listenForChunkErrors(() => true, target)
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    expect(reload).toHaveBeenCalledTimes(1)
    const again = new Event('vite:preloadError', { cancelable: true })
    target.dispatchEvent(again)
    expect(reload).toHaveBeenCalledTimes(1)
    // Never cancelled: Vite rethrows and the route's error screen shows.
    expect(again.defaultPrevented).toBe(false)
    stop()
  })

  it('does not reload for a failed preload while no navigation waits', () => {
    const { target, reload } = fakeWindow()
    const stop = listenForChunkErrors(() => false, target)
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    expect(reload).not.toHaveBeenCalled()
    expect(sessionStorage.length).toBe(0)
    stop()
  })
})
