import { beforeEach, describe, expect, it } from 'vitest'

import {
  APPEARANCE_STORAGE_KEY,
  applyAppearance,
  defaultAppearance,
  sanitizeAppearance,
  useAppearance,
} from './appearance'

const html = document.documentElement
const stored = () =>
  JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? 'null') as {
    state: Record<string, unknown>
  } | null

describe('appearance store', () => {
  beforeEach(() => {
    useAppearance.getState().reset()
    localStorage.clear()
  })

  it('starts with the spec defaults: light, ltr, blue, radius 7, English', () => {
    const { activeMode, activeDir, activeTheme, borderRadius, isLanguage } =
      useAppearance.getState()
    expect({ activeMode, activeDir, activeTheme, borderRadius, isLanguage }).toEqual({
      activeMode: 'light',
      activeDir: 'ltr',
      activeTheme: 'BLUE_THEME',
      borderRadius: 7,
      isLanguage: 'en',
    })
    expect(html.dir).toBe('ltr')
    expect(html.classList.contains('light')).toBe(true)
    expect(html.dataset.theme).toBe('BLUE_THEME')
  })

  it('applies every change to <html> as it happens', () => {
    const s = useAppearance.getState()
    s.setMode('dark')
    expect(html.classList.contains('dark')).toBe(true)
    expect(html.classList.contains('light')).toBe(false)
    expect(html.style.colorScheme).toBe('dark')

    s.setDir('rtl')
    expect(html.dir).toBe('rtl')
    expect(html.getAttribute('dir')).toBe('rtl')

    s.setTheme('PURPLE_THEME')
    expect(html.dataset.theme).toBe('PURPLE_THEME')

    s.setBorderRadius(12)
    expect(html.style.getPropertyValue('--app-radius')).toBe('12px')

    s.setMode('light')
    s.setDir('ltr')
    expect(html.classList.contains('dark')).toBe(false)
    expect(html.dir).toBe('ltr')
  })

  it('keeps the radius within 0..24 whole pixels', () => {
    const s = useAppearance.getState()
    s.setBorderRadius(99)
    expect(useAppearance.getState().borderRadius).toBe(24)
    s.setBorderRadius(-3)
    expect(useAppearance.getState().borderRadius).toBe(0)
    s.setBorderRadius(6.6)
    expect(useAppearance.getState().borderRadius).toBe(7)
  })

  it('persists the settings under its storage key, without the setters', () => {
    const s = useAppearance.getState()
    s.setMode('dark')
    s.setTheme('GREEN_THEME')
    s.setLanguage('deDE')
    expect(stored()?.state).toEqual({
      ...defaultAppearance,
      activeMode: 'dark',
      activeTheme: 'GREEN_THEME',
      isLanguage: 'deDE',
    })
  })

  it('restores saved settings on rehydration and applies them', async () => {
    localStorage.setItem(
      APPEARANCE_STORAGE_KEY,
      JSON.stringify({
        state: { ...defaultAppearance, activeDir: 'rtl', activeTheme: 'ORANGE_THEME' },
        version: 1,
      }),
    )
    await useAppearance.persist.rehydrate()
    expect(useAppearance.getState().activeDir).toBe('rtl')
    expect(useAppearance.getState().activeTheme).toBe('ORANGE_THEME')
    expect(html.dir).toBe('rtl')
    expect(html.dataset.theme).toBe('ORANGE_THEME')
  })

  it('replaces tampered or unknown stored values by defaults', async () => {
    localStorage.setItem(
      APPEARANCE_STORAGE_KEY,
      JSON.stringify({
        state: { activeMode: 'neon', activeDir: 'up', activeTheme: 'RED', borderRadius: '9' },
        version: 1,
      }),
    )
    await useAppearance.persist.rehydrate()
    const { activeMode, activeDir, activeTheme, borderRadius } = useAppearance.getState()
    expect({ activeMode, activeDir, activeTheme, borderRadius }).toEqual({
      activeMode: 'light',
      activeDir: 'ltr',
      activeTheme: 'BLUE_THEME',
      borderRadius: 7,
    })
    expect(sanitizeAppearance(null)).toEqual(defaultAppearance)
  })

  it('reset returns to the defaults', () => {
    const s = useAppearance.getState()
    s.setMode('dark')
    s.setDir('rtl')
    s.toggleCollapse()
    s.reset()
    expect(useAppearance.getState()).toMatchObject(defaultAppearance)
    expect(html.dir).toBe('ltr')
  })

  it('applyAppearance writes to the element it is given', () => {
    const el = document.createElement('html')
    applyAppearance(
      { activeMode: 'dark', activeDir: 'rtl', activeTheme: 'CYAN_THEME', borderRadius: 3 },
      el,
    )
    expect(el.className).toBe('dark')
    expect(el.dir).toBe('rtl')
    expect(el.dataset.theme).toBe('CYAN_THEME')
    expect(el.style.getPropertyValue('--app-radius')).toBe('3px')
  })

  it('applyAppearance leaves an element that already shows the settings untouched', async () => {
    const el = document.createElement('html')
    const settings = {
      activeMode: 'dark',
      activeDir: 'rtl',
      activeTheme: 'CYAN_THEME',
      borderRadius: 3,
    } as const
    applyAppearance(settings, el)
    const changes: string[] = []
    const observer = new MutationObserver((records) => {
      for (const record of records) changes.push(record.attributeName ?? record.type)
    })
    observer.observe(el, { attributes: true })
    applyAppearance(settings, el)
    applyAppearance({ ...settings, activeMode: 'light' }, el)
    await Promise.resolve()
    observer.disconnect()
    // Only the mode's class and colour scheme changed, and each was written once.
    expect(changes.sort()).toEqual(['class', 'class', 'style'])
    expect(el.className).toBe('light')
  })
})
