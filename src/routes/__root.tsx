import type { QueryClient } from '@tanstack/react-query'
import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { Suspense, lazy } from 'react'

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
      <Outlet />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  ),
  // A loader's notFound() ends on the same screen as an unknown path.
  notFoundComponent: () => <Navigate to="/auth/404" replace />,
})
