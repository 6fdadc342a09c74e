import { createHash, randomBytes } from 'node:crypto'

import { SignJWT, errors, jwtVerify } from 'jose'

import type { Role } from '../../api-schemas/auth'

export const TOKEN_LIFETIME_SECONDS = 3 * 24 * 60 * 60

export interface TokenClaims {
  sub: string
  role: Role
  /** The member's token version when issued; a bump revokes the token. */
  tv: number
}

export class TokenService {
  /** Imported once: importing the raw secret on every check cost more than the check itself. */
  private readonly key: Promise<CryptoKey>

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
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.now()),
      })
      const { sub, role, tv, iat, exp } = payload
      // exp must be seconds and no later than our own lifetime allows: an exp in milliseconds
      // (or any far-future exp) would otherwise never expire.
      if (typeof iat !== 'number' || typeof exp !== 'number') return undefined
      if (exp - iat > TOKEN_LIFETIME_SECONDS || iat * 1000 > this.now() + 60_000) return undefined
      if (typeof sub !== 'string' || (role !== 'admin' && role !== 'member')) return undefined
      if (typeof tv !== 'number' || !Number.isInteger(tv)) return undefined
      return { sub, role, tv }
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
