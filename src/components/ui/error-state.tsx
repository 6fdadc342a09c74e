import { Alert, Button, Stack } from '@chakra-ui/react'

/** A failed load: the error's message (the server's wording when it sent one) and a retry. */
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
  return (
    <Alert.Root status="error" alignItems="flex-start" role="alert">
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
