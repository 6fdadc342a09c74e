import { Button, Skeleton, Stack, Text, type SkeletonProps } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { NEEDS_CONNECTION, useOffline } from '../offline-banner'
import { useScreenName } from './error-state'

/** Placeholder rows while a panel (a dashboard widget, a figures card) or a list of cards loads. */
export function PanelSkeleton({
  label,
  rows = 3,
  height = '10',
  rounded,
}: { label: string; rows?: number } & Pick<SkeletonProps, 'height' | 'rounded'>) {
  return (
    <Stack gap="3" aria-busy="true">
      <Text srOnly role="status">
        {label}
      </Text>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} rounded={rounded} />
      ))}
    </Stack>
  )
}

/** A panel's failed load, kept small so one failing panel does not take over the page; retries only it. */
export function PanelError(props: { message: string; onRetry: () => void; retrying: boolean }) {
  const offline = useOffline() && props.message.endsWith('Network Error')
  return offline ? <PanelNeedsConnection {...props} /> : <PanelFailed {...props} />
}

function PanelNeedsConnection(props: Parameters<typeof PanelError>[0]) {
  const screen = useScreenName()
  return (
    <PanelFailed
      {...props}
      color="fg.warning"
      message={`${screen} needs a connection. ${NEEDS_CONNECTION}`}
    />
  )
}

function PanelFailed({
  message,
  onRetry,
  retrying,
  color = 'fg.error',
}: Parameters<typeof PanelError>[0] & { color?: string }) {
  return (
    <Stack gap="2" align="flex-start" role="alert">
      <Text color={color} fontSize="sm">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Stack>
  )
}

/**
 * A panel's content drawn from its query's data: until the data is there, placeholder rows
 * (`loading` is what they announce), or the failed load with a retry, its message after
 * `failed` where given ("Notes could not be loaded: …").
 */
export function PanelQuery<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T, Error>
  loading: string
  failed?: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <PanelSkeleton label={loading} />
  if (query.isError) {
    return (
      <PanelError
        message={failed ? `${failed}: ${query.error.message}` : query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  return children(query.data)
}
