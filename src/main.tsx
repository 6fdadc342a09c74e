import { StrictMode, startTransition } from 'react'

/** Gives the main thread back to the browser: it paints and handles input before going on. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// Start-up in steps, each a task of its own, so a phone's main thread is never held for the
// whole of it: React's renderer, then Chakra's theme, then the system built from it (its token
// dictionary is the largest single piece), then the router, the contract and the screens'
// shared code.
const { createRoot } = await import('react-dom/client')
await nextTask()
await import('./theme/chakra-theme')
await nextTask()
await import('./theme/system')
await nextTask()
const [{ App, createApp }, { listenForChunkErrors }, { arrivedPrerendered, handOverPrerendered }] =
  await Promise.all([import('./app'), import('./lib/chunk-reload'), import('./lib/prerendered')])
await nextTask()

const app = createApp()
const container = document.getElementById('root')!
if (arrivedPrerendered) {
  // The prerendered screen stays until the app can replace it with the same screen, finished:
  // its route's code loaded, so no spinner shows in between.
  await app.router.load()
  handOverPrerendered(container)
}

listenForChunkErrors(() => app.router.state.status === 'pending')

// A transition lets React render the first screen in slices of a few milliseconds, yielding
// to the browser between them, instead of one long task that holds a phone's main thread.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  )
})
