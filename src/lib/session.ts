/**
 * The sign-in state of spec point 4, kept in localStorage under the spec's four keys so the
 * session survives reloads and is shared by every tab.
 */
export const STORAGE_KEYS = {
  token: 'authToken',
  expiry: 'tokenExpiry',
  role: 'role',
  email: 'email',
} as const

/** Tokens stay valid for three days after sign-in (spec point 9). */
export const TOKEN_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000

export interface TokenClaims {
  exp?: number
  [claim: string]: unknown
}

export interface Session {
  token: string
  claims: TokenClaims | null
}

/** The JSON payload in the token's middle segment, or null when it cannot be read. */
export function decodeToken(token: string): TokenClaims | null {
  const segment = token.split('.')[1]
  if (!segment) return null
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes))
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null
    return payload as TokenClaims
  } catch {
    return null
  }
}

function removeExpired(storage: Storage) {
  storage.removeItem(STORAGE_KEYS.token)
  storage.removeItem(STORAGE_KEYS.expiry)
}

/**
 * Applies the spec's rules: an `exp` claim decides when present (seconds, compared at or past
 * now); otherwise a numeric `tokenExpiry` (ms) decides; with neither the member counts as signed
 * in. An expired session loses `authToken` and `tokenExpiry` and reads as signed out.
 */
export function readSession(storage: Storage = localStorage, now: number = Date.now()) {
  const token = storage.getItem(STORAGE_KEYS.token)
  if (!token) return null
  const claims = decodeToken(token)
  if (claims && typeof claims.exp === 'number') {
    if (now >= claims.exp * 1000) {
      removeExpired(storage)
      return null
    }
    return { token, claims } satisfies Session
  }
  const expiryText = storage.getItem(STORAGE_KEYS.expiry)
  const expiry = expiryText === null ? NaN : Number(expiryText)
  if (expiryText !== null && expiryText.trim() !== '' && Number.isFinite(expiry) && expiry <= now) {
    removeExpired(storage)
    return null
  }
  return { token, claims } satisfies Session
}

export interface SignedIn {
  token: string
  role: string
  email: string
}

/** Stores exactly what the spec lists after a sign-in. */
export function writeSession(
  { token, role, email }: SignedIn,
  storage: Storage = localStorage,
  now: number = Date.now(),
) {
  storage.setItem(STORAGE_KEYS.token, token)
  storage.setItem(STORAGE_KEYS.expiry, String(now + TOKEN_LIFETIME_MS))
  storage.setItem(STORAGE_KEYS.role, role)
  storage.setItem(STORAGE_KEYS.email, JSON.stringify({ email }))
}

export function clearSession(storage: Storage = localStorage) {
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key)
  storage.removeItem(NAME_KEY)
}

/**
 * The member's name as their profile last gave it, so the top bar names them when the profile
 * cannot be loaded (offline); cleared with the session.
 */
const NAME_KEY = 'displayName'

export const storedName = (storage: Storage = localStorage) => storage.getItem(NAME_KEY) ?? ''

export function storeName(name: string, storage: Storage = localStorage) {
  if (name) storage.setItem(NAME_KEY, name)
  else storage.removeItem(NAME_KEY)
}

export function storedRole(storage: Storage = localStorage) {
  return storage.getItem(STORAGE_KEYS.role)
}

/** The `{"email": …}` entry; anything unreadable counts as no e-mail. */
export function storedEmail(storage: Storage = localStorage): string | null {
  const raw = storage.getItem(STORAGE_KEYS.email)
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value === 'object' && value !== null && 'email' in value) {
      const email = (value as { email: unknown }).email
      return typeof email === 'string' && email !== '' ? email : null
    }
    return null
  } catch {
    return null
  }
}
