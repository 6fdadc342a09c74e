import type { SignIn } from '@schemas/auth'

const KEY = 'signInChallenge'

/** A pending two-step challenge, kept per tab so a reload of /auth/two-steps keeps it. */
export interface PendingChallenge {
  token: string
  expiresAt: string
  /** Where to go once the code is accepted. */
  redirect: string | null
}

export type ChallengeAnswer = Extract<SignIn, { challenge: unknown }>['challenge']

export function saveChallenge(challenge: ChallengeAnswer, redirect: string | null) {
  const pending: PendingChallenge = {
    token: challenge.token,
    expiresAt: challenge.expiresAt,
    redirect,
  }
  sessionStorage.setItem(KEY, JSON.stringify(pending))
}

export function readChallenge(now: number = Date.now()): PendingChallenge | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<PendingChallenge>
    if (typeof value.token !== 'string' || typeof value.expiresAt !== 'string') return null
    const expires = Date.parse(value.expiresAt)
    if (!Number.isFinite(expires) || expires <= now) {
      clearChallenge()
      return null
    }
    return {
      token: value.token,
      expiresAt: value.expiresAt,
      redirect: typeof value.redirect === 'string' ? value.redirect : null,
    }
  } catch {
    return null
  }
}

export function clearChallenge() {
  sessionStorage.removeItem(KEY)
}
