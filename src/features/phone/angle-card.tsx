import { Badge, Box, Text, chakra } from '@chakra-ui/react'
import { type ReactNode } from 'react'

/** A big tappable card: the whole card is one button, at least 48 px tall. */
export function ChoiceCard({
  onClick,
  children,
  emphasis = false,
}: {
  onClick: () => void
  children: ReactNode
  emphasis?: boolean
}) {
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      display="block"
      w="full"
      minH="48px"
      p="4"
      textAlign="start"
      rounded="l3"
      borderWidth="1px"
      borderColor={emphasis ? 'primary.solid' : 'border'}
      borderStyle={emphasis ? 'dashed' : 'solid'}
      bg="bg.panel"
      cursor="pointer"
      transition="background 0.15s, border-color 0.15s"
      _hover={{ bg: 'primary.subtle', borderColor: 'primary.solid' }}
      _focusVisible={{
        outline: '2px solid',
        outlineColor: 'primary.focusRing',
        outlineOffset: '2px',
      }}
    >
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
