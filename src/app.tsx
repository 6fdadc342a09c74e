import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router'

import { PageSpinner } from './features/errors/page-spinner'
import { RouteErrorScreen } from './features/errors/route-error-screen'
import { createQueryClient } from './lib/query-client'
import { dropCachedData, forgetSession } from './lib/sign-out'
import { setWriteSender } from './lib/write-sender'
import { routeTree } from './routeTree.gen'
import { ThemeProvider } from './theme/provider'

/** The address bar's history, for a router in a browser (the start-up makes it in a task of its own). */
export { createBrowserHistory } from '@tanstack/react-router'
/** The reload after a failed chunk, which the route error screen offers too: one file with the app. */
export { listenForChunkErrors } from './lib/chunk-reload'

/** The app's QueryClient, and the router its error handlers move once it is made (createApp). */
export interface AppClient {
  queryClient: QueryClient
  routerOf: { router?: AppRouter }
}

/**
 * The QueryClient, made before the router: its error handlers move the router to maintenance or
 * to sign-in once createApp has made it. The start-up makes each in a task of its own
 * (src/main.tsx).
 */
export function createAppClient(): AppClient {
  const routerOf: AppClient['routerOf'] = {}
  let endingSession = false
  // Changes kept offline are sent by the API layer's registry, loaded when one is sent.
  setWriteSender(() => import('./api/queued-writes').then((module) => module.sendQueued))

  const queryClient = createQueryClient({
    onMaintenance: () => {
      const router = routerOf.router
      if (!router || router.state.location.pathname === '/auth/maintenance') return
      void router.navigate({ to: '/auth/maintenance' })
    },
    onSessionEnded: () => {
      const router = routerOf.router
      if (!router || endingSession) return
      endingSession = true
      const { pathname, href } = router.state.location
      const back = pathname.startsWith('/admin') && pathname !== '/admin/logout' ? href : undefined
      forgetSession()
      void router
        .navigate({ to: '/auth/login', search: { redirect: back }, replace: true })
        .then(() => dropCachedData(queryClient))
        .finally(() => {
          endingSession = false
        })
    },
  })
  return { queryClient, routerOf }
}

/**
 * Builds the router and its QueryClient together: the client's error handlers need the router
 * to move to maintenance or to sign-in, and routes reach the client through router context.
 */
export function createApp({
  history,
  client = createAppClient(),
}: { history?: RouterHistory; client?: AppClient } = {}) {
  const { queryClient } = client
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: RouteErrorScreen,
    defaultPreload: 'intent',
    // Loaders read through the Query cache, which has its own freshness rules.
    defaultPreloadStaleTime: 0,
  })
  client.routerOf.router = router

  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'smooth' })
  })

  return { router, queryClient }
}

export type AppRouter = ReturnType<typeof createApp>['router']

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

export function App({ router, queryClient }: ReturnType<typeof createApp>) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  )
}
