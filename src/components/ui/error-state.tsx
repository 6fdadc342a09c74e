import { Alert, Button, Stack } from '@chakra-ui/react'
import { useState } from 'react'

import { useOffline } from '../offline-banner'

/** What a screen that needs the server says without a connection. */
export const NEEDS_CONNECTION =
  'You are offline, and this needs the server: it loads again by itself when the connection returns.'

/** The screen's name as its header gave it to the browser tab ("Earnings · Members Area"). */
export function screenName() {
  const [first, rest] = document.title.split(' · ')
  return first && rest ? first : 'This screen'
}

/**
 * A failed load: the error's message (the server's wording when it sent one) and a retry.
 * Without a connection it names the screen that needs one, and that it loads by itself later.
 */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retrying = false,
}: {
  title?: string
  message: string
  onRetry?: () => void
  retrying?: boolean
}) {
  const offline = useOffline() && message === 'Network Error'
  // Read once: a failed load shows after the screen's header has named the tab.
  const [screen] = useState(screenName)
  if (offline) {
    title = `${screen} needs a connection`
    message = `${message}. ${NEEDS_CONNECTION}`
  }
  return (
    <Alert.Root status={offline ? 'warning' : 'error'} alignItems="flex-start" role="alert">
      <Alert.Indicator />
      <Stack gap="3" flex="1" align="flex-start">
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert.Root>
  )
}
