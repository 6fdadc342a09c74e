import {
  Badge,
  Box,
  Flex,
  HStack,
  Text,
  VisuallyHidden,
  type SystemStyleObject,
} from '@chakra-ui/react'
import { useRouter } from '@tanstack/react-router'
import { memo, type MouseEvent } from 'react'

import type { Author } from '@schemas/community'
import { LevelMark } from '@/components/level-mark'
import { formatDateTime, timeAgo } from '@/lib/time-ago'

/** What members wrote, as the server rendered it: paragraphs, lists, links, code, mentions. */
const PROSE: SystemStyleObject = {
  overflowWrap: 'anywhere',
  '& p, & ul, & ol': { marginBottom: '0.6em' },
  '& > :last-child': { marginBottom: 0 },
  '& ul, & ol': { paddingInlineStart: '1.4em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& a': { color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& strong': { fontWeight: 'semibold' },
  '& code': {
    fontFamily: 'mono',
    fontSize: '0.9em',
    bg: 'bg.muted',
    paddingInline: '0.3em',
    borderRadius: 'sm',
  },
  '& .mention': { color: 'primary.fg', fontWeight: 'medium' },
}

/**
 * The HTML of a post or reply: made on the server from Markdown with no raw HTML, its links
 * checked and marked `nofollow ugc`. Links to the site move within the app.
 */
export const PostText = memo(function PostText({ html }: { html: string }) {
  const router = useRouter()
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const href = (event.target as HTMLElement).closest('a')?.getAttribute('href')
    if (!href?.startsWith('/') || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href })
  }
  return <Box css={PROSE} dir="auto" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
})

const initialsOf = (name: string) =>
  name
    .replace(/^@/, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('')

/** A member's initials in a circle (the community shows no photos), their level at its corner. */
export function Initials({ author, size = '9' }: { author: Author; size?: string }) {
  return (
    <Box position="relative" flexShrink={0} aria-hidden>
      <Flex
        boxSize={size}
        borderRadius="full"
        align="center"
        justify="center"
        bg={author.role === 'admin' ? 'primary.solid' : 'bg.emphasized'}
        color={author.role === 'admin' ? 'primary.contrast' : 'fg'}
        fontSize="xs"
        fontWeight="semibold"
      >
        {initialsOf(author.name)}
      </Flex>
      <LevelMark level={author.level} corner />
    </Box>
  )
}

/** A member's name, and their level for those who do not see the avatar's mark. */
export function AuthorName({ author }: { author: Author }) {
  return (
    <>
      <bdi>{author.name}</bdi>
      <VisuallyHidden>, level {author.level}</VisuallyHidden>
    </>
  )
}

/** Who wrote it and when: the name, "Team" for an administrator, the time, "edited". */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
  now,
}: {
  author: Author
  createdAt: string
  editedAt: string | null
  now: number
}) {
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" minW="0">
      <Text fontWeight="semibold" dir="auto">
        <AuthorName author={author} />
      </Text>
      {author.role === 'admin' ? (
        <Badge size="sm" colorPalette="primary" variant="subtle">
          Team
        </Badge>
      ) : null}
      <Text color="fg.muted">
        <time dateTime={createdAt} title={formatDateTime(createdAt)}>
          <bdi>{timeAgo(createdAt, now)}</bdi>
        </time>
        {editedAt ? (
          <Text as="span" title={`Edited ${formatDateTime(editedAt)}`}>
            {' · edited'}
          </Text>
        ) : null}
      </Text>
    </HStack>
  )
}
