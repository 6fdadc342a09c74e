import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { ThemeProvider } from '@/theme/provider'

import { PhotoOrInitials } from './user-menu'

const draw = (photoUrl?: string) =>
  render(
    <ThemeProvider>
      <PhotoOrInitials photoUrl={photoUrl} initials="MM" />
    </ThemeProvider>,
  ).container

describe('the top bar’s photo or initials', () => {
  it('shows the initials when there is no photo', () => {
    const root = draw()
    expect(root.querySelector('[data-initials="MM"]')).toBeTruthy()
    expect(root.querySelector('img')).toBeNull()
  })

  it('keeps the initials until the photo has loaded, then shows the photo alone', () => {
    const root = draw('/api/photos/1')
    const img = root.querySelector('img')!
    expect(img.hidden).toBe(true)
    expect(root.querySelector('[data-initials="MM"]')).toBeTruthy()
    fireEvent.load(img)
    expect(img.hidden).toBe(false)
    expect(root.querySelector('[data-initials]')).toBeNull()
  })

  it('keeps the initials when the photo fails to load', () => {
    const root = draw('/api/photos/missing')
    const img = root.querySelector('img')!
    fireEvent.error(img)
    expect(img.hidden).toBe(true)
    expect(root.querySelector('[data-initials="MM"]')).toBeTruthy()
  })
})
