import type { QueryClient } from '@tanstack/react-query'
import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { type ReactNode, Suspense, lazy, useDeferredValue } from 'react'

import { PageSpinner } from '../features/errors/page-spinner'

// Toasts are never part of the first paint: the toast library loads right after it.
const AppToaster = lazy(() =>
  import('../components/toaster').then((module) => ({ default: module.AppToaster })),
)

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <FirstScreen>
        <Outlet />
      </FirstScreen>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  ),
  // A loader's notFound() ends on the same screen as an unknown path.
  notFoundComponent: () => <Navigate to="/auth/404" replace />,
})

/**
 * The first screen after the page loads is rendered at low priority: a spinner commits at once,
 * then React renders the screen in slices of a few milliseconds, so a phone's main thread stays
 * free for input instead of being held for the whole first render.
 */
function FirstScreen({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false)
  return ready ? children : <PageSpinner />
}
