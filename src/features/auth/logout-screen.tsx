import { Center, Spinner, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

import { authApi } from '@/api/auth'
import { isApiError } from '@/lib/api-error'
import { useDocumentTitle } from '@/lib/document-title'
import { dropCachedData, forgetSession } from '@/lib/sign-out'
import { toast } from '@/lib/toast'

/**
 * Ends the session on the server, then forgets it here whatever the answer: a member who asks
 * to sign out is signed out of this browser even when the server cannot be reached.
 */
export function LogoutScreen() {
  useDocumentTitle('Signing out')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const started = useRef(false)

  useEffect(() => {
    // Strict mode mounts twice in development; the sign-out must run once.
    if (started.current) return
    started.current = true
    void (async () => {
      try {
        await authApi.logout.call()
      } catch (error) {
        // 401: the session had already ended, which is what was asked.
        if (!isApiError(error) || error.status !== 401) {
          toast.error(
            `Signed out of this browser, but the server could not end the session: ${
              isApiError(error) ? error.message : 'unknown error'
            }`,
          )
        }
      }
      forgetSession()
      await navigate({ to: '/auth/login', replace: true })
      await dropCachedData(queryClient)
    })()
  }, [navigate, queryClient])

  return (
    <Center minH="50vh">
      <Stack align="center" gap="4" role="status" aria-live="polite">
        <Spinner size="lg" color="primary.solid" />
        <Text>Signing you out…</Text>
      </Stack>
    </Center>
  )
}
