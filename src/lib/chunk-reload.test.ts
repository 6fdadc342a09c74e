import { beforeEach, describe, expect, it, vi } from 'vitest'

import { listenForChunkErrors, reloadToLatest, shouldReloadForChunkError } from './chunk-reload'

/** A service worker of a version, which installs when told to. */
function fakeWorker(state: ServiceWorkerState) {
  const worker = Object.assign(new EventTarget(), { state, postMessage: vi.fn() })
  const become = (next: ServiceWorkerState) => {
    worker.state = next
    worker.dispatchEvent(new Event('statechange'))
  }
  return { worker: worker as unknown as ServiceWorker, become }
}

/** A window whose page a worker answers; `update` is what asking for a new version does. */
function windowWithWorker(update: (registration: { installing: ServiceWorker | null }) => void) {
  const { target, reload } = fakeWindow()
  const container = Object.assign(new EventTarget(), {
    controller: fakeWorker('activated').worker,
    getRegistration: async () => registration,
  })
  const registration = {
    waiting: null as ServiceWorker | null,
    installing: null as ServiceWorker | null,
    update: vi.fn(async () => update(registration)),
  }
  Object.defineProperty(target, 'navigator', { value: { serviceWorker: container } })
  return { target, reload, container, registration }
}

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

  it('reloads into the newest version: the worker that installs it takes over first', async () => {
    const next = fakeWorker('installing')
    const { target, reload, container, registration } = windowWithWorker((r) => {
      r.installing = next.worker
    })
    const done = reloadToLatest(target)
    await vi.waitFor(() => expect(registration.update).toHaveBeenCalled())
    expect(reload).not.toHaveBeenCalled()
    next.become('installed')
    await done
    expect(next.worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    // The reload once the new worker controls the page, not before.
    expect(reload).not.toHaveBeenCalled()
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads as it is when no new version installs, or the update cannot be asked for', async () => {
    const same = windowWithWorker(() => undefined)
    await reloadToLatest(same.target)
    expect(same.reload).toHaveBeenCalledTimes(1)

    const offline = windowWithWorker(() => {
      throw new TypeError('Failed to update a ServiceWorker')
    })
    await reloadToLatest(offline.target)
    expect(offline.reload).toHaveBeenCalledTimes(1)

    const failed = fakeWorker('installing')
    const broken = windowWithWorker((r) => {
      r.installing = failed.worker
    })
    const done = reloadToLatest(broken.target)
    await vi.waitFor(() => expect(broken.registration.update).toHaveBeenCalled())
    failed.become('redundant')
    await done
    expect(failed.worker.postMessage).not.toHaveBeenCalled()
    expect(broken.reload).toHaveBeenCalledTimes(1)
  })
})
