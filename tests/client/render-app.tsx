import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

import { App, createApp } from '@/app'

/** The real app (route tree, QueryClient, theme, toaster) at `path`, in memory history. */
export async function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] })
  const app = createApp({ history })
  const user = userEvent.setup()
  const view = render(<App {...app} />)
  return { ...app, history, user, view, screen }
}

/**
 * Chooses `item` in the "⋯" menu named `menu`, with the keyboard as a member would: the button
 * opens the menu, the arrow keys move to the item and Enter chooses it.
 */
export async function chooseFromMenu(
  user: ReturnType<typeof userEvent.setup>,
  menu: string,
  item: string,
) {
  const button = await screen.findByRole('button', { name: menu })
  button.focus()
  await user.keyboard('{Enter}')
  const list = await screen.findByRole('menu', { name: menu })
  const items = within(list).getAllByRole('menuitem')
  const index = items.findIndex((each) => each.textContent === item)
  if (index < 0) throw new Error(`no "${item}" in the menu ${menu}`)
  // A menu opened from the keyboard whose list mounts on opening highlights its first item in the
  // next animation frame (Zag's highlightFirstItem): an arrow pressed before that frame was undone
  // by it, and on a busy machine the wrong item was highlighted.
  await waitFor(() => expect(items[0]!.hasAttribute('data-highlighted')).toBe(true))
  for (let step = 0; step < index; step++) await user.keyboard('{ArrowDown}')
  await waitFor(() => expect(items[index]!.hasAttribute('data-highlighted')).toBe(true))
  await user.keyboard('{Enter}')
}
