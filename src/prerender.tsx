import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'

import { App, createApp } from './app'
import { STORAGE_KEYS } from './lib/session'

/** Who a prerendered page is drawn for: a visitor, or a member whose details are not known yet. */
export type PrerenderFor = 'signed-out' | 'signed-in'

/** A Storage in memory, standing in for the browser's local storage while rendering. */
function memoryStorage(entries: Record<string, string>): Storage {
  const items = new Map(Object.entries(entries))
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, String(value)),
    removeItem: (name) => void items.delete(name),
    clear: () => items.clear(),
  }
}

/**
 * The markup of a page as it first paints, for its index.html: rendered at build time, shown
 * while the scripts load, and replaced by the app's own first render.
 *
 * A signed-in page is drawn for a session that holds a token and nothing else: no e-mail, no
 * role, and no answer from the API (nothing is fetched at build time). So it shows what every
 * member sees before their data arrives — the layout, the headings and each panel's
 * placeholder — and nobody's personal data.
 */
export async function prerender(path: string, viewer: PrerenderFor): Promise<string> {
  const hadStorage = 'localStorage' in globalThis
  if (viewer === 'signed-in') {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: memoryStorage({ [STORAGE_KEYS.token]: 'prerendered' }),
    })
  }
  try {
    const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }) })
    // Every query stays pending: the page shows its placeholders, never an error.
    app.queryClient.fetchQuery = () => new Promise<never>(() => undefined)
    await app.router.load()
    if (app.router.state.location.pathname !== path) {
      throw new Error(`${path} went to ${app.router.state.location.pathname} when prerendered`)
    }
    // The first pass waits for every lazy part; once loaded, they render at once, so the second
    // pass gives the finished markup without the streaming placeholders of the first.
    const { prelude } = await prerenderToNodeStream(<App {...app} />)
    for await (const _ of prelude);
    return renderToString(<App {...app} />)
  } finally {
    if (viewer === 'signed-in' && !hadStorage)
      delete (globalThis as { localStorage?: Storage }).localStorage
  }
}
