import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Tokens that name a member in a link which works without signing in, for one purpose (an
 * unsubscribe link): `<member id>.<signature>`, the signature an HMAC of the purpose and the id.
 */
export function memberLinkTokens(secret: string, purpose: string) {
  const sign = (memberId: string) =>
    createHmac('sha256', secret).update(`${purpose}:${memberId}`).digest('base64url')
  return {
    token: (memberId: string) => `${memberId}.${sign(memberId)}`,
    /** The member a token names, or null when it was not made here for this purpose. */
    memberOf(token: string): string | null {
      const [memberId, signature] = token.split('.')
      if (!memberId || !/^[0-9a-f-]{36}$/.test(memberId)) return null
      const expected = Buffer.from(sign(memberId))
      const given = Buffer.from(signature ?? '')
      return given.length === expected.length && timingSafeEqual(given, expected) ? memberId : null
    },
  }
}
