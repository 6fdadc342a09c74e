import { beforeEach, describe, expect, it } from 'vitest'

import {
  clearSession,
  decodeToken,
  readSession,
  storedEmail,
  TOKEN_LIFETIME_MS,
  writeSession,
} from './session'

const b64 = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const token = (payload: unknown) => `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify(payload))}.sig`

const NOW = 1_800_000_000_000

describe('decodeToken', () => {
  it('reads the JSON payload of the middle segment (base64url, unpadded)', () => {
    expect(decodeToken(token({ exp: 123, sub: 'ü?>' }))).toEqual({ exp: 123, sub: 'ü?>' })
  })
  it.each([
    ['no middle segment', 'abc'],
    ['not base64', 'a.%%%.c'],
    ['not JSON', `a.${b64('not json')}.c`],
    ['JSON that is not an object', `a.${b64('42')}.c`],
    ['a JSON array', `a.${b64('[1]')}.c`],
  ])('gives null for %s', (_, value) => {
    expect(decodeToken(value)).toBeNull()
  })
})

describe('readSession (spec point 4)', () => {
  beforeEach(() => localStorage.clear())

  it('is signed out without authToken', () => {
    localStorage.setItem('tokenExpiry', String(NOW + 1000))
    expect(readSession(localStorage, NOW)).toBeNull()
  })

  it('is signed in while exp is in the future, whatever tokenExpiry says', () => {
    const value = token({ exp: NOW / 1000 + 1 })
    localStorage.setItem('authToken', value)
    localStorage.setItem('tokenExpiry', String(NOW - 1))
    expect(readSession(localStorage, NOW)).toEqual({
      token: value,
      claims: { exp: NOW / 1000 + 1 },
    })
    expect(localStorage.getItem('tokenExpiry')).toBe(String(NOW - 1))
  })

  it('signs out at exactly exp*1000 and removes authToken and tokenExpiry only', () => {
    localStorage.setItem('authToken', token({ exp: NOW / 1000 }))
    localStorage.setItem('tokenExpiry', String(NOW + 1000))
    localStorage.setItem('role', 'member')
    localStorage.setItem('email', '{"email":"a@b.c"}')
    expect(readSession(localStorage, NOW)).toBeNull()
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('tokenExpiry')).toBeNull()
    expect(localStorage.getItem('role')).toBe('member')
    expect(localStorage.getItem('email')).toBe('{"email":"a@b.c"}')
  })

  it('signs out when exp is past', () => {
    localStorage.setItem('authToken', token({ exp: NOW / 1000 - 60 }))
    expect(readSession(localStorage, NOW)).toBeNull()
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('uses tokenExpiry when the token cannot be decoded: future -> signed in', () => {
    localStorage.setItem('authToken', 'opaque-token')
    localStorage.setItem('tokenExpiry', String(NOW + 1))
    expect(readSession(localStorage, NOW)).toEqual({ token: 'opaque-token', claims: null })
  })

  it('uses tokenExpiry when the token cannot be decoded: at or past now -> signed out', () => {
    localStorage.setItem('authToken', 'opaque-token')
    localStorage.setItem('tokenExpiry', String(NOW))
    expect(readSession(localStorage, NOW)).toBeNull()
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('tokenExpiry')).toBeNull()
  })

  it('uses tokenExpiry when the payload has no exp', () => {
    localStorage.setItem('authToken', token({ sub: 'x' }))
    localStorage.setItem('tokenExpiry', String(NOW - 1))
    expect(readSession(localStorage, NOW)).toBeNull()
  })

  it('uses tokenExpiry when exp is not a number', () => {
    localStorage.setItem('authToken', token({ exp: 'soon' }))
    localStorage.setItem('tokenExpiry', String(NOW - 1))
    expect(readSession(localStorage, NOW)).toBeNull()
  })

  it('counts as signed in with neither exp nor tokenExpiry', () => {
    localStorage.setItem('authToken', 'opaque-token')
    expect(readSession(localStorage, NOW)).toEqual({ token: 'opaque-token', claims: null })
  })

  it('ignores a tokenExpiry that is not a number', () => {
    localStorage.setItem('authToken', 'opaque-token')
    localStorage.setItem('tokenExpiry', 'tomorrow')
    expect(readSession(localStorage, NOW)).not.toBeNull()
    expect(localStorage.getItem('authToken')).toBe('opaque-token')
  })
})

describe('writeSession and clearSession', () => {
  beforeEach(() => localStorage.clear())

  it('stores exactly the four keys, tokenExpiry three days ahead', () => {
    writeSession({ token: 't', role: 'admin', email: 'a@b.c' }, localStorage, NOW)
    expect({ ...localStorage }).toEqual({
      authToken: 't',
      tokenExpiry: String(NOW + TOKEN_LIFETIME_MS),
      role: 'admin',
      email: '{"email":"a@b.c"}',
    })
    expect(TOKEN_LIFETIME_MS).toBe(259_200_000)
    expect(storedEmail()).toBe('a@b.c')
  })

  it('clears all four and leaves other keys alone', () => {
    writeSession({ token: 't', role: 'member', email: 'a@b.c' }, localStorage, NOW)
    localStorage.setItem('appearance', '{}')
    clearSession()
    expect(Object.keys({ ...localStorage })).toEqual(['appearance'])
  })

  it.each(['', 'not json', '"a@b.c"', '{"mail":"a@b.c"}', '{"email":""}'])(
    'reads no e-mail from %j',
    (raw) => {
      localStorage.setItem('email', raw)
      expect(storedEmail()).toBeNull()
    },
  )
})
