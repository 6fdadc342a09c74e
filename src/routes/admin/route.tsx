import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

import { MainLayout } from '@/components/layout/main-layout'
import { UserMenu } from '@/components/user-menu'
import { WaitingChangesWhenIdle } from '@/components/waiting-changes-when-idle'
import { prefetch } from '@/lib/prefetch'
import { storedEmail } from '@/lib/session'
import { isSignedIn } from '@/stores/auth'

import { evaluateSharedCode } from './-shared-code'

/**
 * The guard of everything under /admin. It only decides what to show: the API authorizes each
 * call on its own.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ location, context }) => {
    if (!isSignedIn()) {
      throw redirect({ to: '/auth/login', search: { redirect: location.href }, replace: true })
    }
    await evaluateSharedCode()
    const email = storedEmail()
    // Started here, before the screen's own preparations (a screen's beforeLoad runs after this
    // one, and every loader after both), awaited by nobody: the top bar shows the profile when
    // it arrives. The members contract is imported here, not above, so the sign-in page never
    // builds it.
    if (email)
      prefetch(() =>
        import('@/api/members').then(({ membersApi }) =>
          context.queryClient.prefetchQuery(membersApi.profile.queryOptions({ params: { email } })),
        ),
      )
  },
  component: () => (
    <MainLayout userMenu={<UserMenu />}>
      <Outlet />
      <WaitingChangesWhenIdle />
    </MainLayout>
  ),
})
