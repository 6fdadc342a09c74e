import { create } from 'zustand'

import {
  clearSession,
  readSession,
  writeSession,
  type SignedIn,
  type TokenClaims,
} from '@/lib/session'

interface AuthState {
  token: string | null
  /** The token's decoded payload; null when signed out or when it cannot be read. */
  claims: TokenClaims | null
  /** Re-reads localStorage with the expiry rules; true when still signed in. */
  check: () => boolean
  signIn: (session: SignedIn) => void
  signOut: () => void
}

/** The decoded token only: who the member is lives in the Query cache, not here. */
export const useAuthStore = create<AuthState>()((set) => ({
  ...fromStorage(),
  check: () => {
    const next = fromStorage()
    set(next)
    return next.token !== null
  },
  signIn: (session) => {
    writeSession(session)
    set(fromStorage())
  },
  signOut: () => {
    clearSession()
    set({ token: null, claims: null })
  },
}))

function fromStorage() {
  const session = typeof localStorage === 'undefined' ? null : readSession()
  return { token: session?.token ?? null, claims: session?.claims ?? null }
}

/** For route guards and handlers outside React. */
export const isSignedIn = () => useAuthStore.getState().check()
