import { Secret, TOTP } from 'otpauth'

const ISSUER = 'Members Area'
const PERIOD = 30

export const newTotpSecret = () => new Secret({ size: 20 }).base32

export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString()
}

/**
 * The time step a code belongs to, if it is valid within ±1 step of `now`; undefined otherwise.
 * The caller refuses a step at or before the last one accepted, so no code works twice.
 */
export function matchTotpStep(secret: string, code: string, now: number): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 })
  if (delta === null) return undefined
  return Math.floor(now / 1000 / PERIOD) + delta
}

export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now })
}

function totp(secret: string, label = 'member') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })
}
