import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export const THEME_NAMES = [
  'BLUE_THEME',
  'AQUA_THEME',
  'PURPLE_THEME',
  'GREEN_THEME',
  'CYAN_THEME',
  'ORANGE_THEME',
] as const

export type ThemeName = (typeof THEME_NAMES)[number]
export type Mode = 'light' | 'dark'
export type Direction = 'ltr' | 'rtl'

export interface AppearanceSettings {
  activeMode: Mode
  activeDir: Direction
  activeTheme: ThemeName
  borderRadius: number
  isLanguage: string
  /** Desktop sidebar shown as the 100 px icon rail. */
  isCollapse: boolean
}

interface AppearanceActions {
  setMode: (mode: Mode) => void
  setDir: (dir: Direction) => void
  setTheme: (theme: ThemeName) => void
  setBorderRadius: (radius: number) => void
  setLanguage: (language: string) => void
  toggleCollapse: () => void
  reset: () => void
}

export type AppearanceState = AppearanceSettings & AppearanceActions

/** localStorage key; public/appearance-init.js reads the same key before first paint. */
export const APPEARANCE_STORAGE_KEY = 'appearance'
export const RADIUS_MIN = 0
export const RADIUS_MAX = 24

export const defaultAppearance: AppearanceSettings = {
  activeMode: 'light',
  activeDir: 'ltr',
  activeTheme: 'BLUE_THEME',
  borderRadius: 7,
  isLanguage: 'en',
  isCollapse: false,
}

const clampRadius = (radius: number) =>
  Number.isFinite(radius)
    ? Math.min(RADIUS_MAX, Math.max(RADIUS_MIN, Math.round(radius)))
    : defaultAppearance.borderRadius

/** Settings read back from storage, with anything unknown or malformed replaced by its default. */
export function sanitizeAppearance(value: unknown): AppearanceSettings {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<string, unknown>>
  return {
    activeMode: v.activeMode === 'dark' ? 'dark' : 'light',
    activeDir: v.activeDir === 'rtl' ? 'rtl' : 'ltr',
    activeTheme: THEME_NAMES.includes(v.activeTheme as ThemeName)
      ? (v.activeTheme as ThemeName)
      : defaultAppearance.activeTheme,
    borderRadius:
      typeof v.borderRadius === 'number'
        ? clampRadius(v.borderRadius)
        : defaultAppearance.borderRadius,
    isLanguage:
      typeof v.isLanguage === 'string' && v.isLanguage !== ''
        ? v.isLanguage
        : defaultAppearance.isLanguage,
    isCollapse: v.isCollapse === true,
  }
}

/**
 * Mirrors the settings onto <html>, where CSS (dark class, data-theme tokens, radius variable)
 * picks them up. Writes only what differs: public/appearance-init.js has written the saved
 * settings before the first paint, and writing `dir` again, even the same value, makes the
 * browser recalculate the styles of the whole page (over 40 ms on a low-end phone).
 */
export function applyAppearance(
  settings: Pick<AppearanceSettings, 'activeMode' | 'activeDir' | 'activeTheme' | 'borderRadius'>,
  root = document.documentElement,
) {
  const radius = `${settings.borderRadius}px`
  if (root.dir !== settings.activeDir) root.dir = settings.activeDir
  for (const mode of ['dark', 'light'] as const) {
    const on = settings.activeMode === mode
    if (root.classList.contains(mode) !== on) root.classList.toggle(mode, on)
  }
  if (root.style.colorScheme !== settings.activeMode) root.style.colorScheme = settings.activeMode
  if (root.dataset.theme !== settings.activeTheme) root.dataset.theme = settings.activeTheme
  if (root.style.getPropertyValue('--app-radius') !== radius) {
    root.style.setProperty('--app-radius', radius)
  }
}

export const useAppearance = create<AppearanceState>()(
  persist(
    (set) => ({
      ...defaultAppearance,
      setMode: (activeMode) => set({ activeMode }),
      setDir: (activeDir) => set({ activeDir }),
      setTheme: (activeTheme) =>
        set({ activeTheme: THEME_NAMES.includes(activeTheme) ? activeTheme : 'BLUE_THEME' }),
      setBorderRadius: (radius) => set({ borderRadius: clampRadius(radius) }),
      setLanguage: (isLanguage) => set({ isLanguage }),
      toggleCollapse: () => set((s) => ({ isCollapse: !s.isCollapse })),
      reset: () => set({ ...defaultAppearance }),
    }),
    {
      name: APPEARANCE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      merge: (persisted, current) => ({ ...current, ...sanitizeAppearance(persisted) }),
      partialize: (s): AppearanceSettings => ({
        activeMode: s.activeMode,
        activeDir: s.activeDir,
        activeTheme: s.activeTheme,
        borderRadius: s.borderRadius,
        isLanguage: s.isLanguage,
        isCollapse: s.isCollapse,
      }),
    },
  ),
)

// Every change reaches <html> at once, from whichever screen or test made it; the same
// attributes were already set before first paint by public/appearance-init.js.
if (typeof document !== 'undefined') {
  applyAppearance(useAppearance.getState())
  useAppearance.subscribe((state, previous) => {
    if (
      state.activeMode !== previous.activeMode ||
      state.activeDir !== previous.activeDir ||
      state.activeTheme !== previous.activeTheme ||
      state.borderRadius !== previous.borderRadius
    ) {
      applyAppearance(state)
    }
  })
}
