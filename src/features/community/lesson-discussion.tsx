import { Box, Button, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { memo, useState } from 'react'

import { MAX_POST_LENGTH, type Post } from '@schemas/community'
import { communityApi } from '@/api/community'
import { Card, ErrorState } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import { toast } from '@/lib/toast'
import { useInfiniteQuery } from '@/lib/use-deferred-infinite-query'
import { useQuery } from '@/lib/use-deferred-query'

import { AuthorLine, Initials, PostText } from './community-text'
import { Composer } from './composer'
import { PostBadges } from './post-badges'
import { Reactions } from './reactions'
import { ThreadView } from './thread-view'

const PAGE = 10

/**
 * The questions under a lesson, newest first (pinned first), each opening to its replies in
 * place, and a box to ask one. Only members who may open the lesson get here: the server answers
 * anyone else the lesson's own refusal, and this part shows nothing then. Memoised: the lesson's
 * screen redraws on its own changes (ticking it complete, reading on), which leave the questions
 * as they were.
 */
export default memo(function LessonDiscussion({ path }: { path: string }) {
  const [now] = useState(() => Date.now())
  const questions = useInfiniteQuery({
    queryKey: communityApi.lesson.key({ query: { path, limit: PAGE } }),
    queryFn: ({ pageParam, signal }) =>
      communityApi.lesson.call(
        { query: { path, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) } },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.data.nextCursor ?? undefined,
  })
  const ask = communityApi.ask.useMutation({
    meta: { errorToast: false },
    onSuccess: () => toast.success('Your question is posted'),
  })
  if (questions.isError && isApiError(questions.error) && questions.error.status === 403)
    return null
  const posts = questions.data
    ? [
        ...questions.data.pages[0]!.data.pinned,
        ...questions.data.pages.flatMap((page) => page.data.items),
      ]
    : []
  return (
    <Stack as="section" aria-labelledby="discussion-heading" gap="4" data-print-hide>
      <Heading as="h2" id="discussion-heading" size="lg">
        Questions and answers
      </Heading>
      <Card>
        <Composer
          label="Ask a question about this lesson"
          hint="Stuck on a step? Ask here: members and the team answer."
          place={{ path }}
          submitLabel="Ask"
          max={MAX_POST_LENGTH}
          onSubmit={(body) => ask.mutateAsync({ query: { path }, body: { body } })}
        />
      </Card>
      {questions.isPending ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label="Loading the questions">
          <Skeleton height="7rem" borderRadius="l3" />
          <Skeleton height="7rem" borderRadius="l3" />
        </Stack>
      ) : questions.isError ? (
        <ErrorState
          title="The questions could not be loaded"
          message={questions.error.message}
          onRetry={() => void questions.refetch()}
          retrying={questions.isFetching}
        />
      ) : posts.length === 0 ? (
        <Text color="fg.muted">No questions yet: yours will be the first.</Text>
      ) : (
        <Stack as="ul" gap="3" m="0" p="0" aria-label="Questions">
          {posts.map((post) => (
            <Question key={post.id} post={post} now={now} />
          ))}
        </Stack>
      )}
      {questions.hasNextPage ? (
        <Button
          alignSelf="center"
          variant="outline"
          size="sm"
          loading={questions.isFetchingNextPage}
          onClick={() => void questions.fetchNextPage()}
        >
          Show more questions
        </Button>
      ) : null}
    </Stack>
  )
})

/** A question, closed (its text and how many replies) or open (the whole thread, in place). */
function Question({ post, now }: { post: Post; now: number }) {
  const [open, setOpen] = useState(false)
  return (
    <Box as="li" listStyleType="none">
      <Card>
        {open ? (
          <Stack gap="3">
            <OpenThread id={post.id} now={now} />
            <HStack justify="space-between" wrap="wrap">
              <Button size="xs" variant="ghost" onClick={() => setOpen(false)}>
                Hide the replies
              </Button>
              <Link asChild fontSize="sm">
                <RouterLink to="/admin/community/$postId" params={{ postId: post.id }}>
                  Open as a page
                </RouterLink>
              </Link>
            </HStack>
          </Stack>
        ) : (
          <HStack align="start" gap="3">
            <Initials author={post.author} />
            <Stack gap="2" flex="1" minW="0">
              <AuthorLine
                author={post.author}
                createdAt={post.createdAt}
                editedAt={post.editedAt}
                now={now}
              />
              <PostBadges post={post} />
              <PostText html={post.html} />
              <HStack gap="2" wrap="wrap">
                <Reactions postId={post.id} reactions={post.reactions} what="this question" />
                <Button
                  size="xs"
                  variant="outline"
                  aria-expanded={false}
                  onClick={() => setOpen(true)}
                >
                  {post.replyCount === 0
                    ? 'Reply'
                    : post.replyCount === 1
                      ? 'Show 1 reply'
                      : `Show ${post.replyCount} replies`}
                </Button>
              </HStack>
            </Stack>
          </HStack>
        )}
      </Card>
    </Box>
  )
}

function OpenThread({ id, now }: { id: string; now: number }) {
  const thread = useQuery(communityApi.thread.queryOptions({ params: { id } }))
  if (thread.isPending) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label="Loading the replies">
        <Skeleton height="5rem" />
        <Skeleton height="4rem" />
      </Stack>
    )
  }
  if (thread.isError) {
    return (
      <ErrorState
        title="The replies could not be loaded"
        message={thread.error.message}
        onRetry={() => void thread.refetch()}
        retrying={thread.isFetching}
      />
    )
  }
  return <ThreadView thread={thread.data.data} now={now} repliesAs="h3" />
}
