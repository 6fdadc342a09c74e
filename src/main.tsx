import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'

import { App, createApp } from './app'
import { listenForChunkErrors } from './lib/chunk-reload'

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
