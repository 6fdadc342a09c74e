import { Button, HStack, IconButton, Menu, Portal } from '@chakra-ui/react'

import { REACTIONS, type ReactionCount, type ReactionKey } from '@schemas/community'
import { withThousands } from '@schemas/contract'
import { communityApi } from '@/api/community'
import { AppIcon } from '@/components/layout/icons'

/**
 * The reactions to a post or reply: the like always, the others given so far, and a menu of the
 * rest. Each is a toggle (`aria-pressed`) named with its count ("Like, 3, yours").
 */
export function Reactions({
  postId,
  replyId,
  reactions,
  what,
}: {
  postId: string
  replyId?: string
  reactions: ReactionCount[]
  /** "this post", "Ann's reply": what the reaction menu is for. */
  what: string
}) {
  const react = communityApi.react.useMutation()
  const counts = new Map(reactions.map((r) => [r.reaction, r]))
  const shown = REACTIONS.filter((r) => r.key === 'like' || (counts.get(r.key)?.count ?? 0) > 0)
  const others = REACTIONS.filter((r) => !shown.includes(r))
  const toggle = (reaction: ReactionKey, on: boolean) =>
    react.mutate({
      params: { id: postId },
      body: { ...(replyId ? { replyId } : {}), reaction, on },
    })
  return (
    <HStack gap="1" wrap="wrap">
      {shown.map((r) => {
        const count = counts.get(r.key)
        const mine = count?.mine ?? false
        const n = count?.count ?? 0
        return (
          <Button
            key={r.key}
            size="xs"
            variant={mine ? 'subtle' : 'ghost'}
            colorPalette={mine ? 'primary' : 'gray'}
            aria-pressed={mine}
            aria-label={`${r.label}${n > 0 ? `, ${withThousands(n)}` : ''}${mine ? ', yours' : ''}`}
            onClick={() => toggle(r.key, !mine)}
            disabled={react.isPending}
          >
            <span aria-hidden>{r.emoji}</span>
            {n > 0 ? <span aria-hidden>{withThousands(n)}</span> : null}
            {r.key === 'like' && n === 0 ? <span aria-hidden>Like</span> : null}
          </Button>
        )
      })}
      {others.length > 0 ? (
        <Menu.Root positioning={{ placement: 'bottom-start' }}>
          <Menu.Trigger asChild>
            <IconButton size="xs" variant="ghost" aria-label={`React to ${what}`} title="React">
              <AppIcon name="plus" size="14px" />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content aria-label={`React to ${what}`}>
                {others.map((r) => (
                  <Menu.Item key={r.key} value={r.key} onSelect={() => toggle(r.key, true)}>
                    <span aria-hidden>{r.emoji}</span> {r.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </HStack>
  )
}
