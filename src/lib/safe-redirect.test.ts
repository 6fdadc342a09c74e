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
    // Paths that become "//host" once their dots are resolved: a browser reads that as a site.
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/a/../\\evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    42,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull()
  })
})
