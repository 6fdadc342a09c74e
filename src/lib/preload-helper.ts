/**
 * The build's helper for the app's dynamic imports, in place of Vite's own
 * (build/vite-plugins/preload-in-steps.ts). Like Vite's, it asks for a chunk's imports beside the
 * chunk itself, so they arrive in one round instead of one level of imports at a time, and waits
 * for its stylesheets before the chunk runs. Unlike it, the scripts' preload links are added two
 * a task, from the next task on: each link starts a fetch, which took a low-end phone's main
 * thread some 15–30 ms (bench:profile), and a screen's chunk has thirty; Vite's helper adds them
 * all in the task that imports the chunk, often the router's, already long.
 */

/** Links a task: four in the router's task made it one of 124 ms on a low-end phone. */
const LINKS_PER_TASK = 2

/** Every address asked for, with its stylesheet's load when it is one. */
const seen = new Map<string, Promise<void> | undefined>()

/** The addresses the page's own links name (read once, at the first import). */
let linked: Set<string> | undefined

/** Scripts waiting for their link, oldest first. */
const waiting: string[] = []
/** Whether a task to add the next links is on its way. */
let scheduled = false

type PostTask = (callback: () => void, options: { priority: 'user-blocking' }) => Promise<void>

/** The next task, ahead of the page's ordinary ones where the browser can say so. */
function soon(callback: () => void) {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler
  if (scheduler?.postTask) void scheduler.postTask(callback, { priority: 'user-blocking' })
  else setTimeout(callback, 0)
}

function link(href: string, rel: 'modulepreload' | 'stylesheet'): HTMLLinkElement {
  const element = document.createElement('link')
  element.rel = rel
  if (rel === 'modulepreload') element.as = 'script'
  element.crossOrigin = ''
  element.href = href
  document.head.appendChild(element)
  return element
}

/** Links the next few scripts waiting, and leaves the rest to the next task. */
function addWaiting() {
  scheduled = false
  for (const href of waiting.splice(0, LINKS_PER_TASK)) link(href, 'modulepreload')
  if (waiting.length === 0) return
  scheduled = true
  soon(addWaiting)
}

function preloadStyle(href: string): Promise<void> {
  const element = link(href, 'stylesheet')
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true })
    element.addEventListener(
      'error',
      () => reject(new Error(`Unable to preload CSS for ${href}`)),
      {
        once: true,
      },
    )
  })
}

/** Vite's signal that a chunk failed to load: cancelled by a listener, the import resolves. */
function preloadError(error: unknown) {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & {
    payload?: unknown
  }
  event.payload = error
  window.dispatchEvent(event)
  if (!event.defaultPrevented) throw error
}

/** `import()` of a chunk whose imports and stylesheets the build listed in `deps`. */
export function __vitePreload<T>(baseModule: () => Promise<T>, deps?: string[]): Promise<T> {
  const styles: Promise<void>[] = []
  for (const dep of deps ?? []) {
    // The app is served from the site's root, with its chunks.
    const href = new URL('/' + dep, location.href).href
    if (seen.has(href)) {
      const style = seen.get(href)
      if (style) styles.push(style)
      continue
    }
    linked ??= new Set([...document.getElementsByTagName('link')].map((element) => element.href))
    if (linked.has(href)) {
      seen.set(href, undefined)
      continue
    }
    if (href.endsWith('.css')) {
      const style = preloadStyle(href).finally(() => seen.set(href, undefined))
      seen.set(href, style)
      styles.push(style)
    } else {
      seen.set(href, undefined)
      waiting.push(href)
    }
  }
  // The task importing a chunk is often long already: its links start in the next one.
  if (!scheduled && waiting.length > 0) {
    scheduled = true
    soon(addWaiting)
  }
  return Promise.allSettled(styles).then((settled) => {
    for (const result of settled) if (result.status === 'rejected') preloadError(result.reason)
    return baseModule().catch((error: unknown) => {
      preloadError(error)
      return undefined as T
    })
  })
}
