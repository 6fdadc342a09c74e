import { Box, Skeleton } from '@chakra-ui/react'
import { useRef, type ReactNode } from 'react'

import { useNearViewport } from '@/lib/use-near-viewport'

/**
 * A part of a long page built only once the member scrolls to it (or it is on screen when the
 * page opens): until then a placeholder holds its place (a card-sized skeleton unless one is
 * given), labelled as loading for a screen reader. A phone that opens the page does not build, style and lay out what it does not show.
 */
export function WhenNear({
  label,
  placeholder = <LaterPart />,
  margin = '0px',
  children,
}: {
  label: string
  placeholder?: ReactNode
  margin?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const near = useNearViewport(ref, margin)
  if (near) return children
  return (
    <Box ref={ref} aria-busy="true" aria-label={label} role="region">
      {placeholder}
    </Box>
  )
}

/** The place of a part of a page still to be built. */
export function LaterPart() {
  return <Skeleton height="md" borderRadius="l3" aria-hidden="true" />
}
