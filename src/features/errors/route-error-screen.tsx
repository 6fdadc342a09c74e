import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'

import { NEEDS_CONNECTION, useOffline } from '@/components/offline-banner'
import { reloadToLatest } from '@/lib/chunk-reload'
import { useDocumentTitle } from '@/lib/document-title'
import { screenNameOf } from '@/lib/screen-names'

/** What a screen that failed to load or render shows instead of going blank. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message)
  // A screen whose code this device does not keep (the service worker keeps the screens read
  // offline, and those opened before): it loads once the connection returns.
  const offline = useOffline()
  const needsConnection = chunkFailed && offline
  // Named as the navigation names it: the page's title is still the screen before's.
  const screen = useRouterState({
    select: (state) => screenNameOf(state.location.pathname) ?? 'This screen',
  })
  // Kept while the screen shows (not only while offline): the 'online' event that ends the
  // offline state must still find it.
  useEffect(() => {
    if (!chunkFailed) return
    const reload = () => void reloadToLatest()
    window.addEventListener('online', reload, { once: true })
    return () => window.removeEventListener('online', reload)
  }, [chunkFailed])
  const title = needsConnection
    ? `${screen} needs a connection`
    : chunkFailed
      ? 'This page could not be loaded'
      : 'Something went wrong'
  useDocumentTitle(title)
  return (
    <Center minH="60vh" px="4">
      <Stack gap="4" maxW="480px" textAlign="center" align="center" role="alert">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted">
          {needsConnection
            ? NEEDS_CONNECTION
            : chunkFailed
              ? 'The site may have been updated, or the connection dropped. Reloading fetches the latest version.'
              : 'An unexpected error stopped this screen. Try again, or reload the page.'}
        </Text>
        {needsConnection ? null : (
          <Stack direction="row" gap="3">
            <Button
              onClick={() => (chunkFailed ? void reloadToLatest() : window.location.reload())}
            >
              Reload the page
            </Button>
            {chunkFailed ? null : (
              <Button variant="outline" onClick={reset}>
                Try again
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Center>
  )
}
