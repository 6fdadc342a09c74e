import { useDeferredValue, useState, type ReactNode } from 'react'

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

/** What a screen reads of a query's state, to tell whether it changed. */
interface QueryState {
  status: string
  data: unknown
  error: unknown
  isFetching: boolean
}

const sameState = (a: QueryState, b: QueryState) =>
  a.status === b.status && a.data === b.data && a.error === b.error && a.isFetching === b.isFetching

/**
 * The query as of a render React may pause: an answer arrives as an update React must finish
 * in one go (a query's store is read synchronously), and a panel drawn in it — a long list (the
 * phone flow's angles), a card of figures and a chart — held a phone's main thread for tens to
 * hundreds of milliseconds. With this, that update draws what was shown before (the
 * placeholder, or the answer before a refetch), and the answer follows in a render of its own,
 * in slices, with the browser free to paint and take input between them. Its state (status,
 * data, error) is always one render's, never a mix of two.
 */
export function useDeferredQuery<Q extends QueryState>(query: Q): Q {
  return useDeferredQueries([query])[0]!
}

/** useDeferredQuery for the list useQueries gives, whose queries stay the same in number. */
export function useDeferredQueries<Q extends QueryState>(queries: Q[]): Q[] {
  // The queries' objects change on every render; those of the render their state last changed
  // in stand for that state. Only the state's own parts are compared, so no other change (a
  // refetch's timestamps …) redraws the panel.
  const [shown, setShown] = useState(queries)
  const changed =
    shown.length !== queries.length || queries.some((query, i) => !sameState(query, shown[i]!))
  if (changed) setShown(queries)
  return useDeferredValue(changed ? queries : shown)
}
