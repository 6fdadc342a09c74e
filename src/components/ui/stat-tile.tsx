import { Box, Link, Skeleton, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Card } from './card'

const labelStyle = {
  fontSize: 'sm',
  color: 'fg.muted',
  fontWeight: 'medium',
  lineClamp: { base: 2, md: 1 },
} as const

// Two lines (the line under it three) in a phone's narrow tile, one on a desk: a word is cut
// only where it must be.
const wrapOnPhone = {
  lineClamp: { base: 2, md: 1 },
  overflowWrap: 'anywhere',
} as const
const detailWrapOnPhone = { ...wrapOnPhone, lineClamp: { base: 3, md: 1 } } as const

/**
 * One headline figure: a label, the figure and a line about it, in a card of a fixed height
 * whether it is loading, failed or shown, so nothing around it moves when it arrives. The tile
 * sits the page's way (right-aligned in a right-to-left page), and each of its texts keeps its
 * own words' order: "3 pinned" stays "3 pinned".
 */
export function StatTile({
  label,
  value,
  detail,
  link,
  to,
  loading = false,
  error,
  testId,
}: {
  label: string
  value?: ReactNode
  detail?: ReactNode
  /** Where to go next, under the figure. */
  link?: { to: string; label: string }
  /** The screen the figure comes from: the label links there, and so does the whole tile. */
  to?: string
  loading?: boolean
  /** Why the figure could not be loaded. */
  error?: string
  testId?: string
}) {
  return (
    <Card
      h={{ base: '200px', md: '116px' }}
      role="group"
      aria-label={label}
      data-testid={testId}
      data-stat-tile=""
      aria-busy={loading || undefined}
    >
      {to ? (
        // The label is the link, and the whole tile is its target.
        <Link
          asChild
          {...labelStyle}
          display="-webkit-box"
          _after={{ content: '""', position: 'absolute', inset: '0', borderRadius: 'inherit' }}
        >
          <RouterLink to={to}>
            <bdi>{label}</bdi>
          </RouterLink>
        </Link>
      ) : (
        <Text {...labelStyle}>
          <bdi>{label}</bdi>
        </Text>
      )}
      <Box mt="1" minW="0">
        {loading ? (
          <>
            <Skeleton h="8" w="60%" />
            <Skeleton h="4" w="80%" mt="2" />
          </>
        ) : error ? (
          <Text fontSize="sm" color="fg.error" lineClamp={3}>
            {error}
          </Text>
        ) : (
          <>
            <Text
              fontSize={{ base: 'lg', md: '2xl' }}
              lineHeight={{ base: '1.75rem', md: '2rem' }}
              fontWeight="semibold"
              {...wrapOnPhone}
              data-fit=""
              title={typeof value === 'string' ? value : undefined}
            >
              <bdi>{value}</bdi>
            </Text>
            {detail ? (
              <Text fontSize="sm" color="fg.muted" mt="1" {...detailWrapOnPhone} data-fit="">
                <bdi>{detail}</bdi>
              </Text>
            ) : null}
            {link ? (
              <Link
                asChild
                fontSize="sm"
                mt="1"
                display="inline-block"
                color="primary.fg"
                position="relative"
                zIndex="1"
              >
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ) : null}
          </>
        )}
      </Box>
    </Card>
  )
}
