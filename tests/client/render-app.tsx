import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { App, createApp } from '@/app'

/** The real app (route tree, QueryClient, theme, toaster) at `path`, in memory history. */
export async function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] })
  const app = createApp({ history })
  const user = userEvent.setup()
  const view = render(<App {...app} />)
  return { ...app, history, user, view, screen }
}
