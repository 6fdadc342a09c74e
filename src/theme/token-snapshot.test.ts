import { describe, expect, it } from 'vitest'

import { system } from './system'
import {
  differences,
  restoreTokens,
  snapshotTokens,
  type TokenDictionaryViews,
  type TokenSnapshot,
} from './token-snapshot'

const dictionary = system.tokens as unknown as TokenDictionaryViews & {
  formatCssVar: Parameters<typeof restoreTokens>[1]
}
/** The snapshot as the built app gets it: written as JSON and parsed back. */
const written = (): TokenSnapshot =>
  JSON.parse(JSON.stringify(snapshotTokens(dictionary, 'chakra'))) as TokenSnapshot

describe("Chakra's token dictionary written down at build time", () => {
  it("reads the app's dictionary back unchanged once written down", () => {
    expect(differences(dictionary, restoreTokens(written(), dictionary.formatCssVar))).toEqual([])
  })

  it('reads back what style props resolve to: tokens, negative spacing, palettes', () => {
    const restored = restoreTokens(written(), dictionary.formatCssVar)
    expect(restored.flat.get('colors.bg.page')).toBe('var(--chakra-colors-bg-page)')
    expect(restored.flat.get('spacing.-1')).toBe('calc(var(--chakra-spacing-1) * -1)')
    expect(restored.flat.get('spacing.0.5')).toBe('var(--chakra-spacing-0\\.5)')
    expect(restored.palettes.get('primary')?.get('--chakra-colors-color-palette-solid')).toBe(
      'var(--chakra-colors-primary-solid)',
    )
    const red = restored.tokens.find((token) => token.name === 'colors.red.500')
    expect(red?.value).toBe('#ef4444')
    expect(red?.extensions.cssVar.ref).toBe('var(--chakra-colors-red-500)')
    const semantic = restored.tokens.find((token) => token.name === 'colors.fg.muted')
    expect(semantic?.extensions.conditions).toBeTruthy()
  })

  it('finds a snapshot that no longer matches the theme', () => {
    const changed = written()
    changed.tokens = changed.tokens.map(([name, value, flags, path]) =>
      name === 'colors.red.500' ? [name, '#000000', flags, path] : [name, value, flags, path],
    )
    delete changed.palettes.teal
    const restored = restoreTokens(changed, dictionary.formatCssVar)
    expect(differences(dictionary, restored)).toEqual(['token colors.red.500', 'palettes'])
  })
})
