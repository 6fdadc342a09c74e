import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react'
import { type ReactNode } from 'react'

import { AppIcon } from '@/components/layout/icons'

/** What a list or screen shows when there is nothing yet, with an optional next step. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <ChakraEmptyState.Root size="md">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="primary.solid">
          <AppIcon name="inbox" size="40px" />
        </ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description ? (
            <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description>
          ) : null}
        </VStack>
        {action}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  )
}
