import { createFileRoute } from '@tanstack/react-router'

import { BlankLayout } from '@/components/blank-layout'
import { VerifyScreen } from '@/features/certificates/verify-screen'

/** The public check of a certificate, at the address it prints: no sign-in, blank layout. */
export const Route = createFileRoute('/verify/$id')({
  component: () => (
    <BlankLayout>
      <VerifyScreen />
    </BlankLayout>
  ),
})
