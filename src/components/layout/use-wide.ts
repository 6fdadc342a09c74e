import { useMediaQuery } from '@chakra-ui/react'

import { MD_BREAKPOINT } from './sizes'

/**
 * Whether the window is at least `md` wide: the sheets are tables from there up, cards below.
 * Read at once on the first render (not after it), so a desk never shows cards for a frame.
 */
export function useWide() {
  const [wide] = useMediaQuery([`(min-width: ${MD_BREAKPOINT}px)`], { ssr: import.meta.env.SSR })
  return wide === true
}
