import { createFileRoute, Outlet } from '@tanstack/react-router'

import { BlankLayout } from '@/components/blank-layout'

/** Public screens: no guard, no sidebar. */
export const Route = createFileRoute('/auth')({
  component: () => (
    <BlankLayout>
      <Outlet />
    </BlankLayout>
  ),
})
