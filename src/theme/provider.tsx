import { ChakraProvider, LocaleProvider } from '@chakra-ui/react'
import { type ReactNode } from 'react'

import { useAppearance } from '@/stores/appearance'

import { system } from './system'

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
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={directionLocale[activeDir]}>{children}</LocaleProvider>
    </ChakraProvider>
  )
}
