import { Alert, Button, Stack } from '@chakra-ui/react'
import { useRouterState } from '@tanstack/react-router'

import { findNavItem } from '../layout/nav-items'
import { NEEDS_CONNECTION, useOffline } from '../offline-banner'

/**
 * The name of the screen on show, for a message about it: its entry in the navigation (the
 * sidebar's words), else what its header named the browser tab, else "This screen".
 */
export function useScreenName() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const item = findNavItem(pathname)
  if (item) return item.label
  const [first, rest] = document.title.split(' · ')
  return first && rest ? first : 'This screen'
}

interface ErrorProps {
  title?: string
  message: string
  onRetry?: () => void
  retrying?: boolean
}

/**
 * A failed load: the error's message (the server's wording when it sent one) and a retry.
 * Without a connection it names the screen that needs one, and that it loads by itself later.
 */
export function ErrorState(props: ErrorProps) {
  const offline = useOffline() && props.message === 'Network Error'
  return offline ? <NeedsConnection {...props} /> : <FailedLoad {...props} />
}

function NeedsConnection(props: ErrorProps) {
  const screen = useScreenName()
  return (
    <FailedLoad
      {...props}
      status="warning"
      title={`${screen} needs a connection`}
      message={NEEDS_CONNECTION}
    />
  )
}

function FailedLoad({
  title = 'Something went wrong',
  message,
  onRetry,
  retrying = false,
  status = 'error',
}: ErrorProps & { status?: 'error' | 'warning' }) {
  return (
    <Alert.Root status={status} alignItems="flex-start" role="alert">
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
