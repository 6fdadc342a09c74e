import { Badge, Box, chakra, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { type ReactNode } from 'react'

import type { linkTo } from '@/lib/named-pages'

const cardStyles = {
  display: 'block',
  w: 'full',
  minH: '48px',
  p: '4',
  textAlign: 'start',
  rounded: 'l3',
  borderWidth: '1px',
  bg: 'bg.panel',
  color: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background 0.15s, border-color 0.15s',
  _hover: { bg: 'primary.subtle', borderColor: 'primary.solid' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary.focusRing', outlineOffset: '2px' },
} as const

/**
 * A big tappable card, at least 48 px tall: the whole card is one button, or one link when it
 * goes to another screen (`to`), so it opens in a new tab and is announced as a link.
 */
export function ChoiceCard({
  children,
  emphasis = false,
  ...action
}: { children: ReactNode; emphasis?: boolean } & (
  { onClick: () => void; to?: never } | { to: ReturnType<typeof linkTo>; onClick?: never }
)) {
  const frame = {
    ...cardStyles,
    borderColor: emphasis ? 'primary.solid' : 'border',
    borderStyle: emphasis ? 'dashed' : 'solid',
  }
  if (action.to) {
    return (
      <chakra.a asChild {...frame}>
        <Link {...action.to}>{children}</Link>
      </chakra.a>
    )
  }
  return (
    <chakra.button type="button" onClick={action.onClick} {...frame}>
      {children}
    </chakra.button>
  )
}

/** What a library row offers as a starting point: sub-niche, the audience's pain, the hook. */
export function AngleSummary({
  subNiche,
  pain,
  hook,
  postFormat,
}: {
  subNiche: string
  pain: string
  hook: string
  postFormat?: string
}) {
  return (
    <>
      <Box display="flex" gap="2" alignItems="center" justifyContent="space-between">
        <Text as="span" fontSize="xs" fontWeight="semibold" color="primary.fg">
          {subNiche}
        </Text>
        {postFormat ? (
          <Badge size="sm" variant="subtle" flexShrink={0}>
            {postFormat}
          </Badge>
        ) : null}
      </Box>
      <Text as="span" display="block" mt="2" fontWeight="semibold">
        {hook}
      </Text>
      <Text as="span" display="block" mt="1" fontSize="sm" color="fg.muted">
        Pain: {pain}
      </Text>
    </>
  )
}
