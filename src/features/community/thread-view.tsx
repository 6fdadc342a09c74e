import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import {
  MAX_POST_LENGTH,
  MAX_REPLY_LENGTH,
  type Post,
  type Reply,
  type Thread,
} from '@schemas/community'
import { communityApi } from '@/api/community'
import { TextField } from '@/components/form-fields'
import { AppIcon } from '@/components/layout/icons'
import { RowMenu, type RowMenuItem } from '@/components/list-kit/row-menu'
import { ConfirmDialog } from '@/components/ui'
import { storedRole } from '@/lib/session'
import { toast } from '@/lib/toast'
import { SAVED_OFFLINE } from '@/lib/write-queue'

import { AuthorLine, Initials, PostText } from './community-text'
import { Composer } from './composer'
import { MuteDialog, ReportDialog, type Target } from './moderation-dialogs'
import { PostBadges } from './post-badges'
import { Reactions } from './reactions'

type Deleting = { kind: 'post'; post: Post } | { kind: 'reply'; reply: Reply } | null

/**
 * A post with its replies: replies to replies under the one they answer, the answer an
 * administrator marked, the reactions, and each item's actions (edit for 15 minutes, delete,
 * report; pin, lock, answer, hide and mute for administrators). The screen around it shows the
 * post's title.
 */
export function ThreadView({
  thread,
  now,
  repliesAs = 'h2',
  onDeleted,
}: {
  thread: Thread
  now: number
  /** The level of the "N replies" heading: h3 inside a lesson's discussion. */
  repliesAs?: 'h2' | 'h3'
  onDeleted?: () => void
}) {
  const { post, replies } = thread
  const admin = storedRole() === 'admin'
  const [editing, setEditing] = useState<string | null>(null)
  const [answering, setAnswering] = useState<string | null>(null)
  const [reporting, setReporting] = useState<Target | null>(null)
  const [muting, setMuting] = useState<Post['author'] | null>(null)
  const [deleting, setDeleting] = useState<Deleting>(null)
  const place = { post: post.id }

  const reply = communityApi.reply.useOfflineMutation({
    meta: { errorToast: false },
    offline: { label: () => `Reply in “${post.title || 'a lesson question'}”` },
    onSuccess: (sent) => {
      if (sent === null) toast.info(SAVED_OFFLINE)
    },
  })
  const editPost = communityApi.editPost.useMutation({ meta: { errorToast: false } })
  const editReply = communityApi.editReply.useMutation({ meta: { errorToast: false } })
  const pin = communityApi.pin.useMutation()
  const lock = communityApi.lock.useMutation()
  const answer = communityApi.answer.useMutation()
  const moderate = communityApi.moderate.useMutation({
    onSuccess: (said) => toast.success(said.data.message),
  })
  const removePost = communityApi.deletePost.useMutation({
    onSuccess: () => {
      toast.success('Post deleted')
      setDeleting(null)
      onDeleted?.()
    },
  })
  const removeReply = communityApi.deleteReply.useMutation({
    onSuccess: () => {
      toast.success('Reply deleted')
      setDeleting(null)
    },
  })

  const sendReply = (body: string, parentId?: string) =>
    reply.mutateAsync({
      params: { id: post.id },
      body: { body, ...(parentId ? { parentId } : {}) },
    })

  /**
   * A post's or reply's further actions: its author edits (for 15 minutes) and deletes it, others
   * report it; an administrator also has `extras` (pin and lock, or the answer), hide or show,
   * mute the author, and delete.
   */
  const itemsFor = (
    item: Post | Reply,
    target: { replyId?: string; deleting: NonNullable<Deleting>; extras: RowMenuItem[] },
  ): RowMenuItem[] => {
    const what = target.replyId ? 'this reply' : 'this post'
    const remove: RowMenuItem = {
      label: 'Delete',
      icon: 'trash',
      danger: true,
      onSelect: () => setDeleting(target.deleting),
    }
    const reply = target.replyId ? { replyId: target.replyId } : {}
    return [
      ...(item.editableUntil
        ? [{ label: 'Edit', icon: 'edit' as const, onSelect: () => setEditing(item.id) }]
        : []),
      ...(item.canDelete && !admin ? [remove] : []),
      ...(item.canDelete || item.author.role === 'admin'
        ? []
        : [
            {
              label: 'Report',
              icon: 'alert' as const,
              onSelect: () =>
                setReporting({ postId: post.id, ...reply, author: item.author, what }),
            },
          ]),
      ...(admin
        ? [
            ...target.extras,
            {
              label: item.hidden ? 'Show again' : 'Hide',
              icon: 'shield' as const,
              onSelect: () =>
                moderate.mutate({
                  params: { id: post.id },
                  body: { ...reply, action: item.hidden ? 'restore' : 'hide' },
                }),
            },
            ...(item.author.role === 'admin'
              ? []
              : [
                  {
                    label: `Mute ${item.author.name}`,
                    icon: 'user' as const,
                    onSelect: () => setMuting(item.author),
                  },
                ]),
            remove,
          ]
        : []),
    ]
  }

  const postItems = itemsFor(post, {
    deleting: { kind: 'post', post },
    extras: [
      {
        label: post.pinned ? 'Unpin' : 'Pin to the top',
        icon: 'pin',
        onSelect: () => pin.mutate({ params: { id: post.id }, body: { pinned: !post.pinned } }),
      },
      {
        label: post.locked ? 'Open for replies' : 'Lock the thread',
        icon: 'lock',
        onSelect: () => lock.mutate({ params: { id: post.id }, body: { locked: !post.locked } }),
      },
    ],
  })

  const replyItems = (r: Reply): RowMenuItem[] =>
    r.deleted
      ? []
      : itemsFor(r, {
          replyId: r.id,
          deleting: { kind: 'reply', reply: r },
          extras: [
            {
              label: r.isAnswer ? 'Unmark the answer' : 'Mark as the answer',
              icon: 'check',
              onSelect: () =>
                answer.mutate({
                  params: { id: post.id },
                  body: { replyId: r.isAnswer ? null : r.id },
                }),
            },
          ],
        })

  const topLevel = replies.filter((r) => r.parentId === null)
  const childrenOf = (id: string) => replies.filter((r) => r.parentId === id)

  const replyBody = (r: Reply) =>
    editing === r.id ? (
      <Composer
        label="Change your reply"
        place={place}
        submitLabel="Save"
        max={MAX_REPLY_LENGTH}
        initial={r.body}
        autoFocus
        onCancel={() => setEditing(null)}
        onSubmit={async (body) => {
          await editReply.mutateAsync({ params: { id: r.id }, body: { body } })
          setEditing(null)
        }}
      />
    ) : r.deleted ? (
      <Text color="fg.muted" fontStyle="italic">
        This reply was deleted.
      </Text>
    ) : (
      <PostText html={r.html} />
    )

  const replyView = (r: Reply, nested: boolean) => (
    <Box
      as="li"
      key={r.id}
      id={`reply-${r.id}`}
      listStyleType="none"
      borderInlineStartWidth={r.isAnswer ? '3px' : undefined}
      borderColor={r.isAnswer ? 'green.solid' : undefined}
      bg={r.isAnswer ? 'green.subtle' : undefined}
      borderRadius={r.isAnswer ? 'l2' : undefined}
      p={r.isAnswer ? '3' : undefined}
    >
      <HStack align="start" gap="3">
        <Initials author={r.author} size={nested ? '7' : '8'} />
        <Stack gap="1.5" flex="1" minW="0">
          <HStack justify="space-between" align="start" gap="2">
            <AuthorLine author={r.author} createdAt={r.createdAt} editedAt={r.editedAt} now={now} />
            {replyItems(r).length > 0 ? (
              <RowMenu
                label={`More actions for the reply of ${r.author.name}`}
                items={replyItems(r)}
              />
            ) : null}
          </HStack>
          {r.isAnswer || r.hidden ? (
            <HStack gap="2">
              {r.isAnswer ? (
                <Badge colorPalette="green" size="sm">
                  <AppIcon name="check" size="12px" /> Answer
                </Badge>
              ) : null}
              {r.hidden ? (
                <Badge colorPalette="orange" size="sm">
                  Hidden by a moderator
                </Badge>
              ) : null}
            </HStack>
          ) : null}
          {replyBody(r)}
          {r.deleted || editing === r.id ? null : (
            <HStack gap="1" wrap="wrap">
              <Reactions
                postId={post.id}
                replyId={r.id}
                reactions={r.reactions}
                what={`the reply of ${r.author.name}`}
              />
              {post.locked && !admin ? null : (
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={() => setAnswering(r.parentId ?? r.id)}
                  aria-label={`Reply to ${r.author.name}`}
                >
                  Reply
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      </HStack>
    </Box>
  )

  return (
    <Stack gap="5">
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <HStack gap="3" minW="0">
            <Initials author={post.author} />
            <AuthorLine
              author={post.author}
              createdAt={post.createdAt}
              editedAt={post.editedAt}
              now={now}
            />
          </HStack>
          {postItems.length > 0 ? (
            <RowMenu label="More actions for this post" items={postItems} />
          ) : null}
        </HStack>
        <PostBadges post={post} />
        {editing === post.id ? (
          <EditPost post={post} onDone={() => setEditing(null)} save={editPost.mutateAsync} />
        ) : (
          <PostText html={post.html} />
        )}
        <HStack gap="2" wrap="wrap">
          <Reactions postId={post.id} reactions={post.reactions} what="this post" />
          <FollowButton post={post} />
        </HStack>
      </Stack>

      <Stack gap="4">
        <Heading as={repliesAs} size="sm" color="fg.muted">
          <bdi>
            {post.replyCount === 0
              ? 'No replies yet'
              : post.replyCount === 1
                ? '1 reply'
                : `${post.replyCount} replies`}
          </bdi>
        </Heading>
        {topLevel.length > 0 ? (
          <Stack as="ul" gap="5" m="0" p="0">
            {topLevel.map((r) => {
              const children = childrenOf(r.id)
              return (
                <Box as="li" key={r.id} listStyleType="none">
                  <Stack as="ul" gap="4" m="0" p="0">
                    {replyView(r, false)}
                  </Stack>
                  {children.length > 0 || answering === r.id ? (
                    <Stack
                      as="ul"
                      gap="4"
                      mt="4"
                      ms={{ base: '4', md: '11' }}
                      ps="3"
                      borderInlineStartWidth="2px"
                      borderColor="border.muted"
                    >
                      {children.map((c) => replyView(c, true))}
                      {answering === r.id ? (
                        <Box as="li" listStyleType="none">
                          <Composer
                            label={`Reply to ${r.author.name}`}
                            place={place}
                            submitLabel="Reply"
                            max={MAX_REPLY_LENGTH}
                            autoFocus
                            onCancel={() => setAnswering(null)}
                            onSubmit={async (body) => {
                              await sendReply(body, r.id)
                              setAnswering(null)
                            }}
                          />
                        </Box>
                      ) : null}
                    </Stack>
                  ) : null}
                </Box>
              )
            })}
          </Stack>
        ) : null}
        {post.locked && !admin ? (
          <HStack color="fg.muted" gap="2">
            <AppIcon name="lock" size="16px" />
            <Text>This thread is locked: it takes no more replies.</Text>
          </HStack>
        ) : (
          <Composer
            label="Write a reply"
            place={place}
            submitLabel="Reply"
            max={MAX_REPLY_LENGTH}
            onSubmit={(body) => sendReply(body)}
          />
        )}
      </Stack>

      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <MuteDialog author={muting} onClose={() => setMuting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'post' ? 'Delete this post?' : 'Delete this reply?'}
        description={
          deleting?.kind === 'post'
            ? 'The post and every reply to it go for everyone. This cannot be undone.'
            : 'The reply goes for everyone. This cannot be undone.'
        }
        confirmLabel="Delete"
        pending={removePost.isPending || removeReply.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting?.kind === 'post') removePost.mutate({ params: { id: deleting.post.id } })
          if (deleting?.kind === 'reply') removeReply.mutate({ params: { id: deleting.reply.id } })
        }}
      />
    </Stack>
  )
}

function FollowButton({ post }: { post: Post }) {
  const follow = communityApi.follow.useMutation({
    onSuccess: (answer) =>
      toast.success(
        answer.data.following ? 'You will hear of new replies' : 'You will not hear of new replies',
      ),
  })
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-pressed={post.following}
      loading={follow.isPending}
      onClick={() =>
        follow.mutate({ params: { id: post.id }, body: { following: !post.following } })
      }
    >
      {post.following ? 'Following' : 'Follow'}
    </Button>
  )
}

function EditPost({
  post,
  onDone,
  save,
}: {
  post: Post
  onDone: () => void
  save: ReturnType<typeof communityApi.editPost.useMutation>['mutateAsync']
}) {
  const [title, setTitle] = useState(post.title)
  return (
    <Stack gap="3">
      {post.category ? (
        <TextField
          name="title"
          label="Title"
          value={title}
          onValueChange={setTitle}
          maxLength={150}
        />
      ) : null}
      <Composer
        label="Change your post"
        place={{ post: post.id }}
        submitLabel="Save"
        max={MAX_POST_LENGTH}
        initial={post.body}
        autoFocus
        onCancel={onDone}
        onSubmit={async (body) => {
          await save({
            params: { id: post.id },
            body: { body, ...(post.category ? { title: title.trim() } : {}) },
          })
          onDone()
        }}
      />
    </Stack>
  )
}
