import { Badge, Box, Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'

import {
  CATEGORIES,
  categoryLabel,
  type CategoryKey,
  type FeedSort,
  type Post,
} from '@schemas/community'
import { withThousands } from '@schemas/contract'
import { communityApi } from '@/api/community'
import { AppIcon } from '@/components/layout/icons'
import { SelectInput } from '@/components/select-field'
import { Card, EmptyState, ErrorState, PageHeader } from '@/components/ui'
import { storedRole } from '@/lib/session'
import { timeAgo } from '@/lib/time-ago'
import { useInfiniteQuery } from '@/lib/use-deferred-infinite-query'

import { AuthorName, Initials } from './community-text'
import { FEED_CATEGORY_KEYS, FEED_SORT_KEYS } from './feed-search'
import { PostBadges } from './post-badges'

const NewPostDialog = lazy(() => import('./new-post-dialog'))

// The route's plain words are the contract's.
FEED_CATEGORY_KEYS satisfies readonly CategoryKey[]
FEED_SORT_KEYS satisfies readonly FeedSort[]

const route = getRouteApi('/admin/community/')

const SORTS = [
  { value: 'new', label: 'Newest' },
  { value: 'top', label: 'Most liked' },
  { value: 'active', label: 'Recent activity' },
]
const PERIODS = [
  { value: 'week', label: 'This week' },
  { value: 'all', label: 'All time' },
]

const PAGE = 20

/** The community feed: posts by category, sorted, paged by cursor as the member scrolls on. */
export function FeedScreen() {
  const search = route.useSearch()
  const navigate = useNavigate({ from: '/admin/community/' })
  const [now] = useState(() => Date.now())
  const [writing, setWriting] = useState(false)
  const admin = storedRole() === 'admin'
  const query = {
    ...(search.category ? { category: search.category } : {}),
    sort: search.sort ?? 'new',
    period: search.period ?? 'week',
    limit: PAGE,
  }
  const feed = useInfiniteQuery({
    queryKey: communityApi.feed.key({ query }),
    queryFn: ({ pageParam, signal }) =>
      communityApi.feed.call(
        { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.data.nextCursor ?? undefined,
  })
  const pinned = feed.data?.pages[0]?.data.pinned ?? []
  const posts = feed.data?.pages.flatMap((page) => page.data.items) ?? []

  const setSearch = (next: Partial<typeof search>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })

  return (
    <Stack gap="5">
      <PageHeader
        title="Community"
        actions={
          <HStack gap="2" wrap="wrap">
            {admin ? (
              <Button asChild variant="outline" size="sm">
                <RouterLink to="/admin/community/reports">
                  <AppIcon name="shield" size="16px" /> Reports
                </RouterLink>
              </Button>
            ) : null}
            <Button colorPalette="primary" size="sm" onClick={() => setWriting(true)}>
              <AppIcon name="plus" size="16px" /> New post
            </Button>
          </HStack>
        }
      />
      <Stack gap="3">
        <HStack as="nav" aria-label="Categories" gap="1" wrap="wrap">
          {[{ key: undefined, label: 'All' }, ...CATEGORIES].map((c) => {
            const current = search.category === c.key
            return (
              <Button
                key={c.label}
                asChild
                size="sm"
                variant={current ? 'solid' : 'ghost'}
                colorPalette={current ? 'primary' : 'gray'}
              >
                <RouterLink
                  to="/admin/community"
                  search={{ ...search, category: c.key }}
                  aria-current={current ? 'page' : undefined}
                >
                  {c.label}
                </RouterLink>
              </Button>
            )
          })}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Box w="12rem">
            <SelectInput
              size="sm"
              aria-label="Sort by"
              value={query.sort}
              options={SORTS}
              onValueChange={(value) => setSearch({ sort: value as FeedSort })}
            />
          </Box>
          {query.sort === 'top' ? (
            <Box w="10rem">
              <SelectInput
                size="sm"
                aria-label="Liked in"
                value={query.period}
                options={PERIODS}
                onValueChange={(value) => setSearch({ period: value as 'week' | 'all' })}
              />
            </Box>
          ) : null}
        </HStack>
      </Stack>

      {feed.isPending ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label="Loading the posts">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="8.5rem" borderRadius="l3" />
          ))}
        </Stack>
      ) : feed.isError ? (
        <ErrorState
          title="The posts could not be loaded"
          message={feed.error.message}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : pinned.length + posts.length === 0 ? (
        <Card>
          <EmptyState
            title={
              search.category ? `No posts in ${categoryLabel(search.category)} yet` : 'No posts yet'
            }
            description="Share a win, ask a question or say hello: the first post starts the conversation."
            action={
              <Button colorPalette="primary" onClick={() => setWriting(true)}>
                Write the first post
              </Button>
            }
          />
        </Card>
      ) : (
        <Stack as="ul" gap="3" m="0" p="0" aria-label="Posts">
          {[...pinned, ...posts].map((post) => (
            <PostCard key={post.id} post={post} now={now} />
          ))}
        </Stack>
      )}
      {feed.hasNextPage ? (
        <Button
          alignSelf="center"
          variant="outline"
          loading={feed.isFetchingNextPage}
          loadingText="Loading more…"
          onClick={() => void feed.fetchNextPage()}
        >
          Show more posts
        </Button>
      ) : null}
      {writing ? (
        <Suspense fallback={null}>
          <NewPostDialog category={search.category} onClose={() => setWriting(false)} />
        </Suspense>
      ) : null}
    </Stack>
  )
}

/** One post in the feed: its title links to the thread. */
function PostCard({ post, now }: { post: Post; now: number }) {
  const likes = post.reactions.find((r) => r.reaction === 'like')?.count ?? 0
  return (
    <Box as="li" listStyleType="none">
      <Card>
        <HStack align="start" gap="3">
          <Initials author={post.author} />
          <Stack gap="1.5" flex="1" minW="0">
            <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
              <Text fontWeight="medium" color="fg">
                <AuthorName author={post.author} />
              </Text>
              {post.category ? (
                <Badge size="sm" variant="subtle">
                  {categoryLabel(post.category)}
                </Badge>
              ) : null}
              <time dateTime={post.createdAt}>
                <bdi>{timeAgo(post.createdAt, now)}</bdi>
              </time>
              {post.unread ? (
                <Badge size="sm" colorPalette="primary" variant="solid">
                  {post.replyCount > 0 && post.following ? 'New replies' : 'Unread'}
                </Badge>
              ) : null}
            </HStack>
            <PostBadges post={post} />
            <Link asChild fontWeight="semibold" fontSize="lg" lineHeight="1.35">
              <RouterLink to="/admin/community/$postId" params={{ postId: post.id }}>
                <bdi>{post.title}</bdi>
              </RouterLink>
            </Link>
            <Text color="fg.muted" lineClamp={3} dir="auto">
              {post.excerpt}
            </Text>
            <HStack gap="4" fontSize="sm" color="fg.muted">
              <Text>
                <bdi>
                  {post.replyCount === 1 ? '1 reply' : `${withThousands(post.replyCount)} replies`}
                </bdi>
              </Text>
              <Text>
                <bdi>{likes === 1 ? '1 like' : `${withThousands(likes)} likes`}</bdi>
              </Text>
            </HStack>
          </Stack>
        </HStack>
      </Card>
    </Box>
  )
}
