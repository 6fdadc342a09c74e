import { Badge, HStack } from '@chakra-ui/react'

import type { Post } from '@schemas/community'
import { AppIcon } from '@/components/layout/icons'

/** Pinned, locked, answered, hidden: the marks a post carries. */
export function PostBadges({ post }: { post: Post }) {
  if (!post.pinned && !post.locked && !post.answerId && !post.hidden) return null
  return (
    <HStack gap="2" wrap="wrap">
      {post.pinned ? (
        <Badge size="sm" colorPalette="primary">
          <AppIcon name="pin" size="12px" /> Pinned
        </Badge>
      ) : null}
      {post.answerId ? (
        <Badge size="sm" colorPalette="green">
          <AppIcon name="check" size="12px" /> Answered
        </Badge>
      ) : null}
      {post.locked ? (
        <Badge size="sm" colorPalette="gray">
          <AppIcon name="lock" size="12px" /> Locked
        </Badge>
      ) : null}
      {post.hidden ? (
        <Badge size="sm" colorPalette="orange">
          Hidden by a moderator
        </Badge>
      ) : null}
    </HStack>
  )
}
