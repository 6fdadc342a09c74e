import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The helper as a fresh module: what it has seen is the page's own. */
async function freshHelper() {
  vi.resetModules()
  return (await import('./preload-helper')).__vitePreload
}

/** What the head held before the test: other test files of this worker put their styles there. */
let before = new Set<Element>()

const linked = (rel: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)]
    .filter((link) => !before.has(link))
    .map((link) => new URL(link.href).pathname.slice(1))

/** The page's next task: the timers set so far, not those they set. */
const nextTask = () => vi.runOnlyPendingTimersAsync()

const scripts = (count: number) =>
  Array.from({ length: count }, (_, i) => `assets/part-${String(i + 1)}.js`)

describe('the preload helper of dynamic imports', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    before = new Set(document.head.children)
  })
  afterEach(() => {
    vi.useRealTimers()
    for (const element of [...document.head.children]) if (!before.has(element)) element.remove()
  })

  it('adds a chunk’s script links two a task from the next, and runs the chunk without waiting for them', async () => {
    const preload = await freshHelper()
    const chunk = vi.fn(() => Promise.resolve('module'))
    const imported = preload(chunk, scripts(5))
    expect(linked('modulepreload')).toEqual([])
    expect(await imported).toBe('module')
    expect(chunk).toHaveBeenCalledOnce()
    await nextTask()
    expect(linked('modulepreload')).toEqual(scripts(2))
    const link = document.head.querySelector<HTMLLinkElement>('link[href$="part-1.js"]')!
    expect([link.as, link.crossOrigin]).toEqual(['script', ''])
    await nextTask()
    expect(linked('modulepreload')).toEqual(scripts(4))
    await nextTask()
    expect(linked('modulepreload')).toEqual(scripts(5))
  })

  it('queues a later import’s scripts behind those still waiting, each asked for once', async () => {
    const preload = await freshHelper()
    const chunk = () => Promise.resolve()
    void preload(chunk, scripts(3))
    await nextTask()
    void preload(chunk, [...scripts(3), 'assets/other.js'])
    expect(linked('modulepreload')).toEqual(scripts(2))
    await nextTask()
    expect(linked('modulepreload')).toEqual([...scripts(3), 'assets/other.js'])
    await vi.advanceTimersByTimeAsync(10)
    expect(linked('modulepreload')).toHaveLength(4)
  })

  it('leaves out what the page links already', async () => {
    const own = document.createElement('link')
    own.rel = 'modulepreload'
    own.href = '/assets/part-1.js'
    document.head.append(own)
    const preload = await freshHelper()
    await preload(() => Promise.resolve(), scripts(2))
    await vi.advanceTimersByTimeAsync(10)
    expect(linked('modulepreload')).toEqual(scripts(2))
  })

  it('runs the chunk once its stylesheet has loaded', async () => {
    const preload = await freshHelper()
    const chunk = vi.fn(() => Promise.resolve())
    const imported = preload(chunk, ['assets/chart.css', ...scripts(1)])
    expect(linked('stylesheet')).toEqual(['assets/chart.css'])
    await vi.advanceTimersByTimeAsync(10)
    expect(chunk).not.toHaveBeenCalled()
    document.head.querySelector('link[href$="chart.css"]')!.dispatchEvent(new Event('load'))
    await imported
    expect(chunk).toHaveBeenCalledOnce()
    // Loaded, it holds back no later import.
    const again = vi.fn(() => Promise.resolve())
    await preload(again, ['assets/chart.css'])
    expect(again).toHaveBeenCalledOnce()
    expect(linked('stylesheet')).toHaveLength(1)
  })

  it('raises vite:preloadError for a stylesheet or a chunk that fails, as Vite’s helper does', async () => {
    const preload = await freshHelper()
    const errors: unknown[] = []
    const listener = (event: Event) => errors.push((event as Event & { payload: unknown }).payload)
    window.addEventListener('vite:preloadError', listener)
    try {
      const failed = new Error('Failed to fetch dynamically imported module')
      await expect(preload(() => Promise.reject(failed), scripts(1))).rejects.toBe(failed)
      expect(errors).toEqual([failed])

      const styled = preload(() => Promise.resolve('module'), ['assets/chart.css'])
      document.head.querySelector('link[href$="chart.css"]')!.dispatchEvent(new Event('error'))
      await expect(styled).rejects.toThrow('Unable to preload CSS for')
      expect(errors).toHaveLength(2)

      // A listener that handles it (a reload, say) takes the error.
      const handled = (event: Event) => event.preventDefault()
      window.addEventListener('vite:preloadError', handled)
      await expect(preload(() => Promise.reject(failed), [])).resolves.toBeUndefined()
      window.removeEventListener('vite:preloadError', handled)
    } finally {
      window.removeEventListener('vite:preloadError', listener)
    }
  })
})
