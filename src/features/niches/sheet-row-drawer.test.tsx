import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { ThemeProvider } from '@/theme/provider'

import { makeNicheItem } from '../../../tests/client/factories'
import RowDrawer from './sheet-row-drawer'

describe("the phone sheet's row panel", () => {
  it('checks the row as the server would, shows a refusal at its field, and hands over only what changed', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn()
    const row = makeNicheItem({ hook: 'Old hook', link: '' })
    render(
      <ThemeProvider>
        <RowDrawer row={row} onClose={() => {}} onSave={onSave} />
      </ThemeProvider>,
    )
    const panel = await screen.findByRole('dialog', { name: 'Edit row' })
    const link = within(panel).getByRole('textbox', { name: 'Link' })
    await user.type(link, 'shop.example.com')
    await user.click(within(panel).getByRole('button', { name: 'Save' }))
    expect(
      await within(panel).findByText('Link is a web address that starts with http:// or https://'),
    ).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    // The field with the message takes the focus, so a phone scrolls to it.
    expect(document.activeElement).toBe(link)

    await user.clear(link)
    await user.type(link, 'https://shop.example.com')
    const hook = within(panel).getByRole('textbox', { name: 'Hook' })
    await user.clear(hook)
    await user.type(hook, 'Three bills to cancel this week')
    await user.click(within(panel).getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith({
      hook: 'Three bills to cancel this week',
      link: 'https://shop.example.com',
    })
  })
})
