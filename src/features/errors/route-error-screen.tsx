import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import type { ErrorComponentProps } from '@tanstack/react-router'

import { useDocumentTitle } from '@/lib/document-title'

/** What a screen that failed to load or render shows instead of going blank. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message)
  const title = chunkFailed ? 'This page could not be loaded' : 'Something went wrong'
  useDocumentTitle(title)
  return (
    <Center minH="60vh" px="4">
      <Stack gap="4" maxW="480px" textAlign="center" align="center" role="alert">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted">
          {chunkFailed
            ? 'The site may have been updated, or the connection dropped. Reloading fetches the latest version.'
            : 'An unexpected error stopped this screen. Try again, or reload the page.'}
        </Text>
        <Stack direction="row" gap="3">
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          {chunkFailed ? null : (
            <Button variant="outline" onClick={reset}>
              Try again
            </Button>
          )}
        </Stack>
      </Stack>
    </Center>
  )
}
