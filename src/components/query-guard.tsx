import type { ReactNode } from 'react'

import { lockedPanelFor } from './area-gate'
import { ErrorState } from './ui'

interface GuardedQuery<T> {
  data: T | undefined
  error: unknown
  isPending: boolean
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

/**
 * What a screen shows in place of a query's content until it has its data: the upgrade panel
 * when the member lacks the area, `loading` while it loads, the error with a retry when it
 * failed. Once the data is there, it hands it over.
 *
 *   const shown = guardQuery(list, { loading: <PanelSkeleton label="Loading your queue" /> })
 *   if (!shown.ready) return shown.view
 *   shown.data …
 */
export function guardQuery<T>(
  query: GuardedQuery<T>,
  options: {
    loading: ReactNode
    errorTitle?: string
    /** The message shown for a failed load; the error's own message when not given. */
    errorMessage?: (error: unknown) => string
  },
): { ready: false; view: ReactNode } | { ready: true; data: T } {
  const locked = lockedPanelFor(query.error)
  if (locked) return { ready: false, view: locked }
  if (query.isError) {
    const message = options.errorMessage
      ? options.errorMessage(query.error)
      : query.error instanceof Error
        ? query.error.message
        : String(query.error)
    return {
      ready: false,
      view: (
        <ErrorState
          title={options.errorTitle}
          message={message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ),
    }
  }
  if (query.isPending || query.data === undefined) return { ready: false, view: options.loading }
  return { ready: true, data: query.data }
}
