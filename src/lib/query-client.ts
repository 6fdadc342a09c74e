import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-error'
import { toast } from './toast'

export interface QueryErrorHandlers {
  /** A call made with a token answered 401: the session is over. */
  onSessionEnded: () => void
  /** The API answered 503: the site is in maintenance. */
  onMaintenance: () => void
}

/**
 * The one place where failures turn into app behaviour (the HTTP client only reports them):
 * 503 -> maintenance, 401 on a signed-in call -> sign out, and a toast for a failed action
 * unless its screen shows the error in place.
 */
export function createQueryClient(handlers: QueryErrorHandlers) {
  const route = (error: unknown) => {
    if (!isApiError(error)) return false
    if (error.status === 503) {
      handlers.onMaintenance()
      return true
    }
    if (error.status === 401 && error.signedIn) {
      handlers.onSessionEnded()
      return true
    }
    return false
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
        // A 4xx will not change on retry; a dropped connection might.
        retry: (count, error) => count < 2 && (!isApiError(error) || error.status === 0),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
