import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { useAppearance } from '@/stores/appearance'
import { ThemeProvider } from '@/theme/provider'

import { EmptyState, ErrorState, PageHeader, PageSpinner, ProgressBar } from '.'

const wrap = (ui: React.ReactNode) => render(<ThemeProvider>{ui}</ThemeProvider>)

describe('shared ui', () => {
  beforeEach(() => useAppearance.getState().reset())

  it('PageSpinner is a labelled status', () => {
    wrap(<PageSpinner />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
  })

  it('PageHeader labels its breadcrumb in the chosen language', async () => {
    wrap(<PageHeader title="Notes" crumbs={[{ label: 'Home' }, { label: 'Notes' }]} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Show path' })).toBeTruthy()

    useAppearance.getState().setLanguage('deDE')
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pfad anzeigen' })).toBeTruthy(),
    )
  })

  it('ProgressBar is a labelled progressbar with its value, kept between 0 and its maximum', () => {
    wrap(
      <>
        <ProgressBar value={3} max={4} label="Module 1" />
        <ProgressBar value={7} max={5} label="Over" />
        <ProgressBar value={0} max={0} label="Empty" />
      </>,
    )
    const bar = screen.getByRole('progressbar', { name: 'Module 1' })
    expect(bar.getAttribute('aria-valuenow')).toBe('3')
    expect(bar.getAttribute('aria-valuemax')).toBe('4')
    expect(bar.getAttribute('aria-valuetext')).toBe('75 percent')
    expect(getComputedStyle(bar.firstElementChild!).width).toBe('75%')
    const over = screen.getByRole('progressbar', { name: 'Over' })
    expect(over.getAttribute('aria-valuenow')).toBe('5')
    expect(over.getAttribute('aria-valuetext')).toBe('100 percent')
    expect(screen.getByRole('progressbar', { name: 'Empty' }).getAttribute('aria-valuetext')).toBe(
      '0 percent',
    )
  })

  it('ErrorState shows the message and retries', async () => {
    const retry = vi.fn()
    wrap(<ErrorState message="Network Error" onRetry={retry} />)
    expect(screen.getByRole('alert').textContent).toContain('Network Error')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
  })

  it('EmptyState shows its title, description and action', () => {
    wrap(
      <EmptyState
        title="No notes yet"
        description="Notes you add appear here."
        action={<button>Add a note</button>}
      />,
    )
    expect(screen.getByText('No notes yet')).toBeTruthy()
    expect(screen.getByText('Notes you add appear here.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add a note' })).toBeTruthy()
  })
})
