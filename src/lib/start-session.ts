import type { QueryClient } from '@tanstack/react-query'

import { authApi } from '@/api/auth'
import { useAuthStore } from '@/stores/auth'

import { clearSession, STORAGE_KEYS } from './session'
import { dropCachedData } from './sign-out'

/**
 * Stores a fresh token the way every sign-in does (password, link, two-step, sign-up): the
 * cache of an earlier member is dropped, then the role and e-mail come from /auth/current.
 * Fails, leaving no session behind, when that call fails.
 */
export async function startSession(queryClient: QueryClient, token: string) {
  // Whatever an earlier member left in the cache must not reach this one.
  await dropCachedData(queryClient)
  // /auth/current needs the token on the request; the other keys follow from its answer.
  localStorage.setItem(STORAGE_KEYS.token, token)
  try {
    const current = await queryClient.fetchQuery(authApi.current.queryOptions())
    useAuthStore.getState().signIn({ token, role: current.role, email: current.email })
  } catch (error) {
    clearSession()
    throw error
  }
}
