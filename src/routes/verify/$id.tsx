import { Link, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link as RouterLink } from '@tanstack/react-router'

import { BlankLayout } from '@/components/blank-layout'
import { VerifyScreen } from '@/features/certificates/verify-screen'
import { APP_NAME } from '@/lib/document-title'

/**
 * The public check of a certificate, at the address it prints: no sign-in, blank layout, named
 * for the product that issued it, with the way to it.
 */
export const Route = createFileRoute('/verify/$id')({
  component: () => (
    <BlankLayout>
      <Stack gap="4">
        <Text textAlign="center" fontWeight="semibold" color="fg.muted">
          {APP_NAME} · Certificate check
        </Text>
        <VerifyScreen />
        <Link asChild alignSelf="center" fontSize="sm" color="primary.fg">
          <RouterLink to="/auth/login">Go to {APP_NAME}</RouterLink>
        </Link>
      </Stack>
    </BlankLayout>
  ),
})
