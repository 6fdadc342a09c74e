import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Stack,
  Text,
  VisuallyHidden,
  type BoxProps,
} from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { DragEvent } from 'react'

import type { QueuePost } from '@schemas/queue'
import { AppIcon } from '@/components/layout/icons'
import { guardQuery } from '@/components/query-guard'
import { Screen } from '@/components/screen'
import { Card, ConfirmDialog, EmptyState, PanelSkeleton } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { toast } from '@/lib/toast'

import { Composer } from './queue-composer'
import { useQueue } from './use-queue'

const when = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

/** The posting queue: posts with a channel and a time, in the order they go out. */
export function QueueScreen() {
  return (
    <Screen title="Posting queue" area="quickCash">
      <Queue />
    </Screen>
  )
}

function Queue() {
  const queue = useQueue()

  const shown = guardQuery(queue.list, {
    loading: <PanelSkeleton label="Loading your queue" rows={4} />,
  })
  if (!shown.ready) return shown.view

  return (
    <Stack gap="5">
      <Composer key={queue.editing?.id ?? 'new'} post={queue.editing} onDone={queue.doneEditing} />

      <Box as="section" aria-labelledby="queue-waiting">
        <Flex align="baseline" justify="space-between" mb="3" gap="2" wrap="wrap">
          <Text as="h2" id="queue-waiting" fontWeight="semibold" fontSize="lg">
            Up next ({queue.waiting.length})
          </Text>
          <Text fontSize="sm" color="fg.muted" id="queue-help">
            Drag a post by its handle, or focus the handle and press Arrow Up or Arrow Down.
          </Text>
        </Flex>
        <VisuallyHidden aria-live="polite">{queue.announcement}</VisuallyHidden>
        {queue.waiting.length === 0 ? (
          <EmptyState
            title="Nothing in the queue"
            description="Write a post above, give it a channel and a time, and it waits here until you post it."
          />
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label="Posts up next">
            {queue.waiting.map((post, index) => (
              <PostCard
                key={post.id}
                draggable
                onDragStart={(e: DragEvent) => {
                  queue.setDragged(post.id)
                  e.dataTransfer.effectAllowed = 'move'
                }}
                onDragEnd={() => queue.setDragged(null)}
                onDragOver={(e: DragEvent) => e.preventDefault()}
                onDrop={(e: DragEvent) => queue.onDrop(e, post.id)}
                opacity={queue.dragged === post.id ? 0.5 : 1}
              >
                <Flex gap="3" align="flex-start">
                  <Stack gap="1" align="center">
                    <IconButton
                      ref={queue.handleRef(post.id)}
                      size="sm"
                      variant="ghost"
                      cursor="grab"
                      aria-label={`Move post ${index + 1} of ${queue.waiting.length}`}
                      aria-describedby="queue-help"
                      onKeyDown={(e) => {
                        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                          e.preventDefault()
                          queue.move(post.id, index + (e.key === 'ArrowUp' ? -1 : 1))
                        }
                      }}
                    >
                      <AppIcon name="menu" />
                    </IconButton>
                    <Text fontSize="xs" color="fg.muted" aria-hidden>
                      {index + 1}
                    </Text>
                  </Stack>
                  <PostBody post={post} />
                </Flex>
                <Flex gap="2" wrap="wrap" mt="3" justify="flex-end">
                  {post.eventId ? (
                    <Button asChild size="sm" variant="ghost">
                      <Link to="/admin/calendar">On the calendar</Link>
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!post.scheduledAt}
                      title={post.scheduledAt ? undefined : 'Give the post a time first'}
                      onClick={() => void queue.toCalendar(post)}
                    >
                      Put on calendar
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => queue.setEditing(post)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => queue.setDeleting(post)}
                  >
                    Delete
                  </Button>
                  <Button
                    size="sm"
                    colorPalette="primary"
                    onClick={async () => {
                      if (await queue.update(post, { posted: true }))
                        toast.success('Marked as posted')
                    }}
                  >
                    Mark posted
                  </Button>
                </Flex>
              </PostCard>
            ))}
          </Stack>
        )}
      </Box>

      {queue.posted.length ? (
        <Box as="section" aria-labelledby="queue-posted">
          <Text as="h2" id="queue-posted" fontWeight="semibold" fontSize="lg" mb="3">
            Posted ({queue.posted.length})
          </Text>
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Posted">
            {queue.posted.map((post) => (
              <PostCard key={post.id}>
                <Flex gap="3" align="flex-start" wrap="wrap">
                  <PostBody post={post} />
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void queue.update(post, { posted: false })}
                  >
                    Back to the queue
                  </Button>
                </Flex>
              </PostCard>
            ))}
          </Stack>
        </Box>
      ) : null}

      <ConfirmDialog
        open={queue.deleting !== null}
        title="Delete this post?"
        description={
          queue.deleting?.eventId
            ? 'Its calendar event stays; delete it on the calendar if you no longer need it.'
            : undefined
        }
        onConfirm={() => queue.deleting && void queue.remove(queue.deleting)}
        onCancel={() => queue.setDeleting(null)}
      />
    </Stack>
  )
}

/** One post of a list, in a card of its own. */
function PostCard({ children, ...item }: BoxProps) {
  return (
    <Box as="li" {...item}>
      <Card>{children}</Card>
    </Box>
  )
}

function PostBody({ post }: { post: QueuePost }) {
  return (
    <Stack gap="1" flex="1" minW="0">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="primary" variant="subtle">
          {post.channel}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {post.postedAt
            ? `Posted ${when.format(new Date(post.postedAt))}`
            : post.scheduledAt
              ? when.format(new Date(post.scheduledAt))
              : 'No time yet'}
        </Text>
      </HStack>
      <Text whiteSpace="pre-line" lineClamp={4} unicodeBidi="plaintext">
        {post.text}
      </Text>
    </Stack>
  )
}
