import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

import type { SignIn } from '@schemas/auth'
import { safeRedirect } from '@/lib/safe-redirect'

import { clearChallenge, saveChallenge } from './challenge'
import { loadAuthCalls } from './load-auth-calls'

/**
 * Finishes any sign-in answer: a token is stored with the role and e-mail from
 * /auth/current, then the member goes back to the page first asked for; a two-step challenge
 * is kept for /auth/two-steps.
 */
export function useCompleteSignIn() {
  const router = useRouter()
  const queryClient = useQueryClient()

  return useCallback(
    async (answer: SignIn, redirect: string | null | undefined) => {
      const target = safeRedirect(redirect)
      if ('challenge' in answer) {
        saveChallenge(answer.challenge, target)
        await router.navigate({ to: '/auth/two-steps' })
        return
      }
      const { startSession } = await loadAuthCalls()
      await startSession(queryClient, answer.token)
      clearChallenge()
      if (target) await router.navigate({ href: target, replace: true })
      else await router.navigate({ to: '/admin/dashboard', replace: true })
    },
    [queryClient, router],
  )
}
