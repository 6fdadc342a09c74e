import {
  useQueries as useTanstackQueries,
  useQuery as useTanstackQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'

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

/**
 * TanStack Query's useQuery, its answers drawn in renders React may pause (useDeferredQuery).
 * The app's one useQuery (and useQueries): every screen's and part's queries go through it, and
 * a lint rule keeps TanStack's own out of the app's code.
 */
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useDeferredQuery(useTanstackQuery(options))
}

/**
 * TanStack Query's useQueries, its answers drawn as useQuery's are. Without `combine`: the
 * answers are deferred as the list of queries' states.
 */
export const useQueries = ((options: { combine?: unknown }) => {
  if (options.combine) throw new Error('useQueries: combine is not supported here')
  return useDeferredQueries((useTanstackQueries as (o: unknown) => QueryState[])(options))
}) as typeof useTanstackQueries
