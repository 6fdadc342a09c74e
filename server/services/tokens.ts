import { createHash, randomBytes } from 'node:crypto'

import { errors, jwtVerify, SignJWT } from 'jose'

import type { Role } from '@schemas/auth'

export const TOKEN_LIFETIME_SECONDS = 3 * 24 * 60 * 60

export interface TokenClaims {
  sub: string
  role: Role
  /** The member's token version when issued; a bump revokes the token. */
  tv: number
}

/** A token whose signature and claims were checked; only the time checks can change. */
interface Verified extends TokenClaims {
  iat: number
  exp: number
  nbf: number | undefined
}

/** Tokens are long-lived and sent with every call: this many distinct ones are remembered. */
const VERIFIED_TOKENS_KEPT = 10_000

export class TokenService {
  /** Imported once: importing the raw secret on every check cost more than the check itself. */
  private readonly key: Promise<CryptoKey>
  /**
   * Checked tokens by their text, least recently used first: a member sends the same token with
   * every call, and its HMAC check through WebCrypto costs more than the rest of a request.
   * Only a string that passed every check is kept, so nothing here can be forged or filled.
   */
  private readonly verified = new Map<string, Verified>()

  constructor(
    secret: string,
    private readonly now: () => number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
  }

  async sign(claims: TokenClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000)
    return new SignJWT({ role: claims.role, tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .sign(await this.key)
  }

  /** The claims of a valid token, or undefined for anything else. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    let verified = this.verified.get(token)
    if (verified) this.verified.delete(token)
    else verified = await this.check(token)
    if (!verified || !this.inTime(verified)) return undefined
    this.verified.set(token, verified)
    if (this.verified.size > VERIFIED_TOKENS_KEPT) {
      this.verified.delete(this.verified.keys().next().value!)
    }
    const { sub, role, tv } = verified
    return { sub, role, tv }
  }

  /** The checks a token may pass at one time and fail at another, made on every use. */
  private inTime({ iat, exp, nbf }: Verified) {
    const now = Math.floor(this.now() / 1000)
    return exp > now && (nbf === undefined || nbf <= now) && iat * 1000 <= this.now() + 60_000
  }

  private async check(token: string): Promise<Verified | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.now()),
      })
      const { sub, role, tv, iat, exp, nbf } = payload
      // exp must be seconds and no later than our own lifetime allows: an exp in milliseconds
      // (or any far-future exp) would otherwise never expire.
      if (typeof iat !== 'number' || typeof exp !== 'number') return undefined
      if (exp - iat > TOKEN_LIFETIME_SECONDS) return undefined
      if (typeof sub !== 'string' || (role !== 'admin' && role !== 'member')) return undefined
      if (typeof tv !== 'number' || !Number.isInteger(tv)) return undefined
      return { sub, role, tv, iat, exp, nbf }
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined
      throw error
    }
  }
}

/** A single-use secret for a link or a challenge: 256 random bits, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url')

/** Single-use secrets are stored only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
