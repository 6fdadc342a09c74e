import type { QueryClient } from '@tanstack/react-query'

import { useAuthStore } from '@/stores/auth'

import { dropOfflineCopies } from './offline-caches'

/** Forgets the stored session (the four keys). */
export function forgetSession() {
  useAuthStore.getState().signOut()
}

/**
 * Drops every cached answer, in memory and the lessons kept for reading offline, so nothing of
 * this member can show to the next one.
 */
export async function dropCachedData(queryClient: QueryClient) {
  await queryClient.cancelQueries()
  queryClient.clear()
  await dropOfflineCopies()
}
