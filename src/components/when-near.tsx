import { Box, Skeleton } from '@chakra-ui/react'
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react'

import { useNearViewport } from '@/lib/use-near-viewport'

/**
 * A part of a long page built only once the member scrolls near it (or it is on screen when the
 * page opens): until then a placeholder holds its place (a card-sized skeleton unless one is
 * given), labelled as loading for a screen reader. A phone that opens the page does not build,
 * style and lay out what it does not show. The first press of Tab builds it too, so moving
 * through the page with the keyboard reaches every link in it. The placeholder is marked
 * `data-when-near`, for a test to tell it from a part still loading.
 */
export function WhenNear({
  label,
  placeholder = <LaterPart />,
  children,
}: {
  label: string
  placeholder?: ReactNode
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const near = useNearViewport(ref, '200px')
  const [tabbed, setTabbed] = useState(false)
  useEffect(() => {
    if (near || tabbed) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') startTransition(() => setTabbed(true))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [near, tabbed])
  if (near || tabbed) return children
  return (
    <Box ref={ref} aria-busy="true" aria-label={label} role="region" data-when-near>
      {placeholder}
    </Box>
  )
}

/**
 * The place of a part of a page still to be built. It holds still: it is built before it comes
 * into view, and a pulse off screen keeps a phone drawing frames (restyling the placeholder in
 * each, on this machine's Chromium) while the member reads, or types, above it.
 */
export function LaterPart() {
  return (
    <Skeleton variant="none" bg="bg.emphasized" height="md" borderRadius="l3" aria-hidden="true" />
  )
}
