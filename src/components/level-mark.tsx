import { Flex } from '@chakra-ui/react'

/**
 * A member's level (1–9) in a small round mark, at the corner of their avatar as the community
 * draws it, or on its own. Decoration: the level is also said in words where it matters.
 */
export function LevelMark({ level, corner = false }: { level: number; corner?: boolean }) {
  return (
    <Flex
      aria-hidden
      boxSize={corner ? '4' : '6'}
      borderRadius="full"
      align="center"
      justify="center"
      bg="primary.solid"
      color="primary.contrast"
      fontSize={corner ? '2xs' : 'xs'}
      fontWeight="bold"
      lineHeight="1"
      boxShadow={corner ? '0 0 0 2px var(--chakra-colors-bg-panel)' : undefined}
      {...(corner ? { position: 'absolute', insetEnd: '-1', bottom: '-1' } : {})}
    >
      {level}
    </Flex>
  )
}
