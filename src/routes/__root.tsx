import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react'

import { OfflineBanner } from '@/components/offline-banner'
import { PageSpinner } from '@/features/errors/page-spinner'
import { arrivedPrerendered } from '@/lib/prerendered'
import { useToasterWanted } from '@/lib/toast'

// The list of toasts, mounted (and its library loaded) when the first toast is shown.
const AppToaster = lazy(() =>
  import('@/components/toaster').then((module) => ({ default: module.AppToaster })),
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
      <Toasts />
      <OfflineBanner />
    </>
  ),
  // A loader's notFound() ends on the same screen as an unknown path.
  notFoundComponent: () => <Navigate to="/auth/404" replace />,
})

/**
 * The first screen after the page loads is rendered at low priority: a spinner commits at once,
 * then React renders the screen in slices of a few milliseconds, so a phone's main thread stays
 * free for input instead of being held for the whole first render. A prerendered screen (and
 * the build's prerendering itself) needs no spinner: the screen is already on show.
 */
function FirstScreen({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, import.meta.env.SSR || arrivedPrerendered)
  return ready ? children : <PageSpinner />
}

function Toasts() {
  const wanted = useToasterWanted()
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null
}
