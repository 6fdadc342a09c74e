/**
 * What the app's navigation links share, the sidebar's entries and the phone home's tiles: no
 * underline, the primary tint on hover, and a ring around the one that has the keyboard focus.
 */
export const navLinkStyle = {
  textDecoration: 'none',
  transition: 'background 0.15s, color 0.15s',
  _hover: { bg: 'primary.subtle', color: 'primary.fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary.focusRing', outlineOffset: '2px' },
} as const
