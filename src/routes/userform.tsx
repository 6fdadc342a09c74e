import { createFileRoute, redirect } from '@tanstack/react-router'

import { BlankLayout } from '@/components/blank-layout'
import { SignupScreen } from '@/features/signup/signup-screen'
import { isSignedIn } from '@/stores/auth'

/** Public sign-up, in the blank layout; a signed-in member has nothing to do here. */
export const Route = createFileRoute('/userform')({
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/admin/dashboard', replace: true })
  },
  component: () => (
    <BlankLayout>
      <SignupScreen />
    </BlankLayout>
  ),
})
