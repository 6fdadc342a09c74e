import { Button, Skeleton, Stack, Text } from '@chakra-ui/react'

/** Placeholder rows while a panel (a dashboard widget, a figures card) loads. */
export function PanelSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="3" aria-busy="true">
      <Text srOnly role="status">
        {label}
      </Text>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="10" />
      ))}
    </Stack>
  )
}

/** A panel's failed load, kept small so one failing panel does not take over the page; retries only it. */
export function PanelError({
  message,
  onRetry,
  retrying,
}: {
  message: string
  onRetry: () => void
  retrying: boolean
}) {
  return (
    <Stack gap="2" align="flex-start" role="alert">
      <Text color="fg.error" fontSize="sm">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Stack>
  )
}
