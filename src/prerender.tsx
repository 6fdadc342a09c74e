import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'

import { App, createApp } from './app'

/**
 * The markup of a public page as it first paints, for index.html: rendered at build time, shown
 * while the scripts load, and replaced by the app's own first render.
 */
export async function prerender(path: string): Promise<string> {
  const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }) })
  await app.router.load()
  // The first pass waits for every lazy part; once loaded, they render at once, so the second
  // pass gives the finished markup without the streaming placeholders of the first.
  const { prelude } = await prerenderToNodeStream(<App {...app} />)
  for await (const _ of prelude);
  return renderToString(<App {...app} />)
}
