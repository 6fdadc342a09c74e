import { HStack, Stack, Text } from '@chakra-ui/react'

import { lazyDateFormat } from '@/lib/intl'

const dayFormat = lazyDateFormat('en', { day: 'numeric', month: 'short' })

/** One person of a short list: who (and the line under it, if any), and the day they came. */
export function PersonItem({
  title,
  detail,
  createdAt,
}: {
  title: string
  detail?: string
  createdAt: string
}) {
  return (
    <HStack as="li" justify="space-between" gap="3">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {title}
        </Text>
        {detail === undefined ? null : (
          <Text fontSize="sm" color="fg.muted" truncate>
            {detail}
          </Text>
        )}
      </Stack>
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        <time dateTime={createdAt}>{dayFormat.format(new Date(createdAt))}</time>
      </Text>
    </HStack>
  )
}
