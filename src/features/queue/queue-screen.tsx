import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react'

import {
  MAX_POST_TEXT,
  QUEUE_CHANNELS,
  type QueueChannel,
  type QueuePost,
  type QueueUpdate,
  queueCreateSchema,
} from '../../../api-schemas/queue'
import { queueApi } from '../../api/queue'
import { AreaGate, lockedPanelFor } from '../../components/area-gate'
import { AppIcon } from '../../components/layout/icons'
import {
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  PanelSkeleton,
} from '../../components/ui'
import { isApiError } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { onFirstUse } from '../../lib/intl'

const when = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

/** A date and time as a `datetime-local` input holds it, in the reader's time zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null)

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : 'The server could not be reached'

/** The posting queue: posts with a channel and a time, in the order they go out. */
export function QueueScreen() {
  return (
    <>
      <PageHeader
        title="Posting queue"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Posting queue' }]}
      />
      <AreaGate area="quickCash">
        <Queue />
      </AreaGate>
    </>
  )
}

function Queue() {
  const list = queueApi.list.useQuery()
  const client = useQueryClient()
  const key = queueApi.list.key()
  const [editing, setEditing] = useState<QueuePost | null>(null)
  const [deleting, setDeleting] = useState<QueuePost | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [dragged, setDragged] = useState<string | null>(null)
  const handles = useRef(new Map<string, HTMLButtonElement>())
  /** The post whose handle keeps the focus once the new order is drawn. */
  const focusAfter = useRef<string | null>(null)

  useEffect(() => {
    if (!focusAfter.current) return
    handles.current.get(focusAfter.current)?.focus()
    focusAfter.current = null
  }, [list.data])

  const locked = lockedPanelFor(list.error)
  if (locked) return locked
  if (list.isPending) return <PanelSkeleton label="Loading your queue" rows={4} />
  if (list.isError) {
    return (
      <ErrorState
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  }
  const posts = list.data.data
  const waiting = posts.filter((p) => !p.postedAt)
  const posted = posts.filter((p) => p.postedAt)

  const setPosts = (next: QueuePost[]) => client.setQueryData(key, { data: next })

  /** Shows the new order at once and saves it; a refusal puts the old order back. */
  const reorder = async (ids: string[], moved: string) => {
    const before = posts
    const byId = new Map(waiting.map((p) => [p.id, p]))
    setPosts([...ids.map((id) => byId.get(id)!), ...posted])
    const index = ids.indexOf(moved)
    setAnnouncement(`Moved to position ${index + 1} of ${ids.length}`)
    try {
      const saved = await queueApi.reorder.call({ body: { ids } })
      setPosts(saved.data)
    } catch (error) {
      setPosts(before)
      toast.error(`The new order was not saved: ${messageOf(error)}`)
    }
  }

  const move = (id: string, to: number) => {
    const ids = waiting.map((p) => p.id)
    const from = ids.indexOf(id)
    if (to < 0 || to >= ids.length || from === to) return
    ids.splice(from, 1)
    ids.splice(to, 0, id)
    focusAfter.current = id
    void reorder(ids, id)
  }

  const update = async (post: QueuePost, body: QueueUpdate) => {
    try {
      await queueApi.update.call({ params: { id: post.id }, body })
      await client.invalidateQueries({ queryKey: key })
      return true
    } catch (error) {
      toast.error(messageOf(error))
      return false
    }
  }

  const toCalendar = async (post: QueuePost) => {
    try {
      await queueApi.toCalendar.call({ params: { id: post.id } })
      await client.invalidateQueries({ queryKey: key })
      toast.success('On the calendar')
    } catch (error) {
      toast.error(messageOf(error))
    }
  }

  const remove = async (post: QueuePost) => {
    setDeleting(null)
    try {
      await queueApi.remove.call({ params: { id: post.id } })
      await client.invalidateQueries({ queryKey: key })
      toast.success('Post deleted')
    } catch (error) {
      toast.error(messageOf(error))
    }
  }

  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault()
    if (!dragged || dragged === target) return
    move(
      dragged,
      waiting.findIndex((p) => p.id === target),
    )
    setDragged(null)
  }

  return (
    <Stack gap="5">
      <Composer
        key={editing?.id ?? 'new'}
        post={editing}
        onDone={() => {
          setEditing(null)
          void client.invalidateQueries({ queryKey: key })
        }}
      />

      <Box as="section" aria-labelledby="queue-waiting">
        <Flex align="baseline" justify="space-between" mb="3" gap="2" wrap="wrap">
          <Text as="h2" id="queue-waiting" fontWeight="semibold" fontSize="lg">
            Up next ({waiting.length})
          </Text>
          <Text fontSize="sm" color="fg.muted" id="queue-help">
            Drag a post by its handle, or focus the handle and press Arrow Up or Arrow Down.
          </Text>
        </Flex>
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
        {waiting.length === 0 ? (
          <EmptyState
            title="Nothing in the queue"
            description="Write a post above, give it a channel and a time, and it waits here until you post it."
          />
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label="Posts up next">
            {waiting.map((post, index) => (
              <Box
                as="li"
                key={post.id}
                draggable
                onDragStart={(e: DragEvent) => {
                  setDragged(post.id)
                  e.dataTransfer.effectAllowed = 'move'
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e: DragEvent) => e.preventDefault()}
                onDrop={(e: DragEvent) => onDrop(e, post.id)}
                opacity={dragged === post.id ? 0.5 : 1}
              >
                <Card>
                  <Flex gap="3" align="flex-start">
                    <Stack gap="1" align="center">
                      <IconButton
                        ref={(el: HTMLButtonElement | null) => {
                          if (el) handles.current.set(post.id, el)
                          else handles.current.delete(post.id)
                        }}
                        size="sm"
                        variant="ghost"
                        cursor="grab"
                        aria-label={`Move post ${index + 1} of ${waiting.length}`}
                        aria-describedby="queue-help"
                        onKeyDown={(e) => {
                          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                            e.preventDefault()
                            move(post.id, index + (e.key === 'ArrowUp' ? -1 : 1))
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
                        onClick={() => void toCalendar(post)}
                      >
                        Put on calendar
                      </Button>
                    )}
                    <Button size="sm" variant="outline" onClick={() => setEditing(post)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setDeleting(post)}
                    >
                      Delete
                    </Button>
                    <Button
                      size="sm"
                      colorPalette="primary"
                      onClick={async () => {
                        if (await update(post, { posted: true })) toast.success('Marked as posted')
                      }}
                    >
                      Mark posted
                    </Button>
                  </Flex>
                </Card>
              </Box>
            ))}
          </Stack>
        )}
      </Box>

      {posted.length ? (
        <Box as="section" aria-labelledby="queue-posted">
          <Text as="h2" id="queue-posted" fontWeight="semibold" fontSize="lg" mb="3">
            Posted ({posted.length})
          </Text>
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Posted">
            {posted.map((post) => (
              <Box as="li" key={post.id}>
                <Card>
                  <Flex gap="3" align="flex-start" wrap="wrap">
                    <PostBody post={post} />
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void update(post, { posted: false })}
                    >
                      Back to the queue
                    </Button>
                  </Flex>
                </Card>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this post?"
        description={
          deleting?.eventId
            ? 'Its calendar event stays; delete it on the calendar if you no longer need it.'
            : undefined
        }
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
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

/** Writes a new post, or changes `post`. */
function Composer({ post, onDone }: { post: QueuePost | null; onDone: () => void }) {
  const [channel, setChannel] = useState<QueueChannel>(post?.channel ?? 'instagram')
  const [text, setText] = useState(post?.text ?? '')
  const [time, setTime] = useState(toLocalInput(post?.scheduledAt ?? null))
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = { channel, text, scheduledAt: fromLocalInput(time) }
    const checked = queueCreateSchema.safeParse(body)
    if (!checked.success) return setError(checked.error.issues[0]!.message)
    setPending(true)
    try {
      if (post) await queueApi.update.call({ params: { id: post.id }, body })
      else await queueApi.create.call({ body })
      toast.success(post ? 'Post changed' : 'Added to the queue')
      setText('')
      setTime('')
      setError(null)
      onDone()
    } catch (failure) {
      // What was typed stays in the form.
      setError(messageOf(failure).replace(/^\w+: /, ''))
    } finally {
      setPending(false)
    }
  }

  return (
    <Card>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={post ? 'Change the post' : 'New post'}
      >
        <Stack gap="3">
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            {post ? 'Change the post' : 'New post'}
          </Text>
          <Flex gap="3" wrap="wrap">
            <Box>
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="queue-channel">Channel</label>
              </Text>
              <NativeSelect.Root size="sm" width="44">
                <NativeSelect.Field
                  id="queue-channel"
                  value={channel}
                  onChange={(e) => setChannel(e.target.value as QueueChannel)}
                >
                  {QUEUE_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Box>
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="queue-time">When (optional)</label>
              </Text>
              <Input
                id="queue-time"
                size="sm"
                type="datetime-local"
                value={time}
                onChange={(e) => setTime(e.target.value)}
              />
            </Box>
          </Flex>
          <Box>
            <Flex justify="space-between">
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="queue-text">Post text</label>
              </Text>
              <Text
                fontSize="xs"
                color={text.length > MAX_POST_TEXT ? 'fg.error' : 'fg.muted'}
                aria-live="polite"
              >
                {text.length.toLocaleString()} / {MAX_POST_TEXT.toLocaleString()}
              </Text>
            </Flex>
            <Textarea
              id="queue-text"
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                setError(null)
              }}
              rows={4}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'queue-error' : undefined}
            />
          </Box>
          {error ? (
            <Text id="queue-error" color="fg.error" fontSize="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <HStack justify="flex-end">
            {post ? (
              <Button variant="outline" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" colorPalette="primary" loading={pending}>
              {post ? 'Save the post' : 'Add to the queue'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Card>
  )
}
