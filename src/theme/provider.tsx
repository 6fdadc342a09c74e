import { ChakraProvider, LocaleProvider } from '@chakra-ui/react'
import { useEffect, type ReactNode } from 'react'

import { useAppearance } from '@/stores/appearance'

import { RulesPerRender } from './emotion-cache'
import { system } from './system'
import { colourThemes } from './themes'

/** The dark page's background, under the browser's bar in dark mode. */
const DARK_BAR = '#1E2736'

/**
 * The browser's (and the installed app's) title bar in the active theme: its primary colour in
 * light mode, the page's own dark background in dark mode. The manifest can only name one
 * colour, the default theme's; this meta tag overrides it while the app runs.
 */
function useThemeColour() {
  const theme = useAppearance((s) => s.activeTheme)
  const mode = useAppearance((s) => s.activeMode)
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'theme-color'
      document.head.append(meta)
    }
    meta.content = mode === 'dark' ? DARK_BAR : colourThemes[theme].light.primary.main
  }, [theme, mode])
}

/**
 * Chakra's components take their reading direction from the locale (sliders, menus, keyboard
 * arrows). The interface stays English, so right-to-left uses English in Arabic script, which
 * keeps English number formats while flipping the direction.
 */
const directionLocale = { ltr: 'en-US', rtl: 'en-Arab' } as const

/**
 * Chakra with the project's system. The appearance store itself keeps <html> in step (dark
 * class, data-theme, dir, radius variable), so theme and mode switches repaint through CSS.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const activeDir = useAppearance((s) => s.activeDir)
  useThemeColour()
  return (
    <ChakraProvider value={system}>
      <RulesPerRender />
      <LocaleProvider locale={directionLocale[activeDir]}>{children}</LocaleProvider>
    </ChakraProvider>
  )
}
