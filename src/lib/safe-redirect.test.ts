import { describe, expect, it } from 'vitest'

import { safeRedirect } from './safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/admin/dashboard', '/admin/dashboard'],
    ['/admin/x?tab=2#top', '/admin/x?tab=2#top'],
    ['/admin/../auth/404', '/auth/404'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
  })

  it.each([
    undefined,
    '',
    'admin',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tjavascript',
    42,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull()
  })
})
