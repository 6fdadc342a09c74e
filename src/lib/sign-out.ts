import type { QueryClient } from '@tanstack/react-query'

import { useAuthStore } from '@/stores/auth'

import { dropOfflineCopies } from './offline-caches'

/** Forgets the stored session (the four keys). */
export function forgetSession() {
  useAuthStore.getState().signOut()
}

/**
 * Drops every cached answer, in memory and the lessons and notes kept for reading offline, and
 * every change waiting for the connection, so nothing of this member can show to the next one
 * or be sent in their name.
 */
export async function dropCachedData(queryClient: QueryClient) {
  await queryClient.cancelQueries()
  queryClient.clear()
  // The queue's code is loaded here, not with the sign-in page that imports this module.
  await Promise.all([
    dropOfflineCopies(),
    import('./write-queue').then((queue) => queue.dropQueuedWrites()),
  ])
}
