import { Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react'

import type { NicheItem } from '@schemas/niche-items'
import { authApi } from '@/api/auth'
import { phoneItemsApi } from '@/api/niches'
import { guardQuery } from '@/components/query-guard'
import { Card, EmptyState, PanelSkeleton } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { useQuery } from '@/lib/use-deferred-query'

import { capitalise, PHONE_NICHES } from './phone-niches'

const savedOn = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

const nicheLabel = (niche: string) =>
  niche in PHONE_NICHES ? PHONE_NICHES[niche as keyof typeof PHONE_NICHES].label : niche

function SavedPost({ item }: { item: NicheItem }) {
  return (
    <Card as="li" size="sm">
      <Stack gap="2">
        <Flex gap="2" wrap="wrap" align="center">
          <Badge colorPalette="primary">{capitalise(nicheLabel(item.niche))}</Badge>
          {item.postFormat ? <Badge variant="subtle">{item.postFormat}</Badge> : null}
          <Text as="span" fontSize="xs" color="fg.muted" ms="auto">
            <time dateTime={item.createdAt}>{savedOn.format(new Date(item.createdAt))}</time>
          </Text>
        </Flex>
        {item.hook ? <Text fontWeight="semibold">{item.hook}</Text> : null}
        {item.postIdea ? (
          <Text fontSize="sm" color="fg.muted" lineClamp={3} whiteSpace="pre-wrap">
            {item.postIdea}
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}

/** Every post the member wrote on the phone, in all niches, newest first. */
export function SavedPosts() {
  const me = useQuery(authApi.current.queryOptions())
  const id = me.data?.id ?? ''
  const list = useQuery({
    ...phoneItemsApi.list.queryOptions({ params: { id } }),
    enabled: id !== '',
  })
  // The server lists them newest first.
  const items = list.data?.data ?? []

  // The member's own record comes first: without it the list is not asked for.
  const shown = guardQuery<unknown>(me.isError ? me : list, {
    loading: (
      <PanelSkeleton label="Loading your saved phone posts" rows={2} height="20" rounded="l3" />
    ),
    errorTitle: 'Your saved phone posts could not be loaded',
  })
  let content
  if (!shown.ready) {
    content = shown.view
  } else if (items.length === 0) {
    content = <EmptyState title="No phone posts yet" />
  } else {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {items.map((item) => (
          <SavedPost key={item.id} item={item} />
        ))}
      </Stack>
    )
  }

  return (
    <Stack as="section" aria-labelledby="saved-phone-posts" gap="3">
      <Heading as="h2" size="md" id="saved-phone-posts">
        Your saved phone posts
      </Heading>
      {content}
    </Stack>
  )
}
