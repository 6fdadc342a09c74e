import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'

import { useAppearance } from '@/stores/appearance'
import { ThemeProvider } from '@/theme/provider'

import { CustomizerPanel } from './customizer'
import { AppToaster } from './toaster'

const html = document.documentElement

function renderPanel() {
  return render(
    <ThemeProvider>
      <CustomizerPanel />
      <AppToaster />
    </ThemeProvider>,
  )
}

describe('customizer', () => {
  beforeEach(() => useAppearance.getState().reset())

  it('offers every setting as a labelled control', () => {
    renderPanel()
    expect(screen.getByRole('radiogroup', { name: 'Mode' })).toBeTruthy()
    expect(screen.getByRole('radiogroup', { name: 'Direction' })).toBeTruthy()
    const themes = screen.getByRole('radiogroup', { name: 'Colour theme' })
    for (const name of ['Blue', 'Aqua', 'Purple', 'Green', 'Cyan', 'Orange']) {
      expect(screen.getByRole('radio', { name })).toBeTruthy()
    }
    expect(themes).toBeTruthy()
    // The thumb stays hidden until measured, which jsdom never does; its accessible name is
    // checked in the browser (tests/e2e/appearance.spec.ts).
    expect(screen.getByText('Corner radius')).toBeTruthy()
    const [radius] = screen.getAllByRole('slider', { hidden: true })
    expect(radius?.getAttribute('aria-valuenow')).toBe('7')
    expect(radius?.getAttribute('aria-valuemax')).toBe('24')
    const language = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement
    expect(language.value).toBe('en')
    expect(language.options.length).toBeGreaterThanOrEqual(50)
  })

  it('applies each change at once and keeps it in the store', async () => {
    const user = userEvent.setup()
    renderPanel()
    await user.click(screen.getByText('Dark'))
    expect(html.classList.contains('dark')).toBe(true)
    await user.click(screen.getByText('Right to left'))
    expect(html.dir).toBe('rtl')
    await user.click(screen.getByText('Cyan'))
    expect(html.dataset.theme).toBe('CYAN_THEME')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'frFR')
    expect(useAppearance.getState()).toMatchObject({
      activeMode: 'dark',
      activeDir: 'rtl',
      activeTheme: 'CYAN_THEME',
      isLanguage: 'frFR',
    })
    expect(screen.getByRole('radio', { name: 'Cyan' })).toHaveProperty('checked', true)
  })

  it('resets to the defaults and says so in a toast', async () => {
    const user = userEvent.setup()
    useAppearance.getState().setMode('dark')
    useAppearance.getState().setTheme('ORANGE_THEME')
    renderPanel()
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }))
    expect(useAppearance.getState()).toMatchObject({
      activeMode: 'light',
      activeTheme: 'BLUE_THEME',
    })
    expect(html.classList.contains('dark')).toBe(false)
    await waitFor(() => expect(screen.getByText('Appearance reset to defaults')).toBeTruthy())
  })
})
