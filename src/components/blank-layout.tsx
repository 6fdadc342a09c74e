import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { useDocumentTitle } from '@/lib/document-title'

/** The blank layout of the public screens: one centred column, nothing else. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" px="4" py="10" bg="bg.subtle">
      <Box w="full" maxW="440px">
        {children}
      </Box>
    </Flex>
  )
}

/** The one card of a public screen (sign-in, sign-up, opt-in): a title, a line of help, the form. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  useDocumentTitle(title)
  return (
    <Card.Root variant="elevated" borderRadius="l3">
      <Card.Body p={{ base: '6', sm: '8' }}>
        <Stack gap="6">
          <Stack gap="2">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            {description ? <Text color="fg.muted">{description}</Text> : null}
          </Stack>
          {children}
          {footer ? (
            <Stack gap="2" fontSize="sm">
              {footer}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
