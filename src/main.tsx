import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App, createApp } from './app'
import { listenForChunkErrors } from './lib/chunk-reload'

const app = createApp()

listenForChunkErrors(() => app.router.state.status === 'pending')

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App {...app} />
  </StrictMode>,
)
