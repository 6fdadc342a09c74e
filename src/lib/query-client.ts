import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'

import { isApiError } from './api-error'
import { toast } from './toast'

export interface QueryErrorHandlers {
  /** A call made with a token answered 401: the session is over. */
  onSessionEnded: () => void
  /** The API answered 503 without a short Retry-After: the site is in maintenance. */
  onMaintenance: () => void
}

/**
 * The one place where failures turn into app behaviour (the HTTP client only reports them):
 * 503 -> maintenance, 401 on a signed-in call -> sign out, and a toast for a failed action
 * unless its screen shows the error in place. A 503 with a short Retry-After is a moment of
 * overload, not maintenance: the HTTP client sends a read again after it (src/lib/http.ts), and
 * an action that still fails says to try again.
 */
export function createQueryClient(handlers: QueryErrorHandlers) {
  const route = (error: unknown) => {
    if (!isApiError(error)) return false
    if (error.status === 503 && error.busyFor === null) {
      handlers.onMaintenance()
      return true
    }
    if (error.status === 401 && error.signedIn) {
      handlers.onSessionEnded()
      return true
    }
    return false
  }
  // The app may start offline (opened from the service worker's cache); the Query library
  // assumes online until told, and would not see the connection's return as a change.
  if (typeof navigator !== 'undefined' && 'onLine' in navigator) {
    onlineManager.setOnline(navigator.onLine)
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => void route(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (route(error)) return
        if (mutation.meta?.errorToast === false) return
        void toast.error(error.message)
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Asked even offline, so a screen shows its failed load at once (with the offline bar
        // above it) instead of a placeholder that waits; it loads again when the connection
        // returns (refetchOnReconnect).
        networkMode: 'always',
        // (The library turns this off with networkMode 'always' unless it is asked for.)
        refetchOnReconnect: true,
        // A 4xx will not change on retry; a dropped connection might, but not while the browser
        // knows it is offline. (A shed call was already sent again by the HTTP client.)
        retry: (count, error) =>
          count < 2 && navigator.onLine && (!isApiError(error) || error.status === 0),
        retryDelay: (count) => Math.min(1000 * 2 ** count, 30_000),
        refetchOnWindowFocus: false,
      },
      // An action made offline fails at once with its message, and the form keeps what was
      // typed, instead of a button that spins until the connection returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}
