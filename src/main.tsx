import { StrictMode, startTransition } from 'react'

/** Gives the main thread back to the browser: it paints and handles input before going on. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// Start-up in steps, each a task of its own, so a phone's main thread is never held for the
// whole of it: React's renderer, then Chakra's system (its token dictionary is the largest
// single piece), then the router, the contract and the screens' shared code.
const { createRoot } = await import('react-dom/client')
await nextTask()
await import('./theme/system')
await nextTask()
const [{ App, createApp }, { listenForChunkErrors }] = await Promise.all([
  import('./app'),
  import('./lib/chunk-reload'),
])
await nextTask()

const app = createApp()

listenForChunkErrors(() => app.router.state.status === 'pending')

// A transition lets React render the first screen in slices of a few milliseconds, yielding
// to the browser between them, instead of one long task that holds a phone's main thread.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  )
})
