/**
 * Chakra's token dictionary, written down ahead and read back at start.
 *
 * `createSystem` builds the dictionary from the theme's token trees: it walks them, runs its
 * transforms and middlewares over every token, expands references and adds each condition's
 * copy. On a phone that was the largest part of the largest task of a member's start-up. What
 * the running app reads of it depends only on the theme, so `npm run theme:generate` writes it
 * down once (`generated/tokens.json`, checked against Chakra's own by `differences`), and the
 * app's dictionary is filled from that instead (`builtTokens`, a change of `patches/`).
 *
 * What is kept is what the app reads at run time: each token's value and CSS variable (a token's
 * `token.raw`, `system.token`), the variable reference each name stands for (style props), and
 * each colour palette's variables (`colorPalette`). The variables themselves, and a semantic
 * token's values in light and dark mode, are declared by the generated stylesheet
 * (`generated/chakra-global.css`).
 */

/** A token, as far as the running app reads one. */
export interface KeptToken {
  name: string
  value: string
  originalValue: string
  path: string[]
  extensions: {
    condition: 'base'
    category: string
    prop: string
    cssVar: { var: string; ref: string }
    conditions?: Record<string, never>
    virtual?: true
    negative?: true
  }
}

/** The parts of Chakra's token dictionary this file reads. */
export interface TokenDictionaryViews {
  tokenMap: Map<string, { value: unknown; extensions: Record<string, unknown> }>
  flatMap: Map<string, string>
  colorPaletteMap: Map<string, Map<string, string>>
  getCategoryValues: (category: string) => Record<string, string> | null
}

/** How Chakra names a token's CSS variable from its path (the dictionary's `formatCssVar`). */
type FormatCssVar = (path: string[], prefix: string) => { var: string; ref: string }

/**
 * Chakra's rule for a token's variable (its `cssVar`, which it does not export): the path joined
 * with dashes, characters other than letters, digits, `_` and `-` escaped, capitals dashed.
 * `differences` compares every token's variable with the one Chakra named.
 */
export const formatCssVar: FormatCssVar = (path, prefix) => {
  const escaped = path.join('-').replace(/[^a-zA-Z0-9_\u0081-\uffff-]/g, (c) => `\\${c}`)
  const name = ['-', prefix, escaped]
    .filter(Boolean)
    .join('-')
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  return { var: name, ref: `var(${name})` }
}

const SEMANTIC = 1
const VIRTUAL = 2
const NEGATIVE = 4

/** The snapshot as JSON: short keys, and nothing a token's name already says. */
export interface TokenSnapshot {
  prefix: string
  /** [name, value, flags, path when it is not the name split at its dots]. */
  tokens: [string, string, number, string[]?][]
  /** The names whose variable reference is not their own variable's (negative tokens). */
  flat: Record<string, string>
  /**
   * Each palette's variables: the end both names share (`-500` for `--chakra-colors-color-palette-500`
   * standing for `var(--chakra-colors-red-500)`), or the two names where they share none.
   */
  palettes: Record<string, (string | [string, string])[]>
}

type Token = {
  value: unknown
  path: string[]
  extensions: { conditions?: Record<string, unknown>; virtual?: boolean; negative?: boolean }
}

/** The start of a palette's `colorPalette` variables and of its own. */
const paletteNames = (prefix: string, palette: string) => ({
  virtual: `--${prefix}-colors-color-palette`,
  own: `--${prefix}-colors-${palette}`,
})

/** Writes down the dictionary `createSystem` built from the token trees (`npm run theme:generate`). */
export function snapshotTokens(dictionary: TokenDictionaryViews, prefix: string): TokenSnapshot {
  const snapshot: TokenSnapshot = { prefix, tokens: [], flat: {}, palettes: {} }
  for (const [name, raw] of dictionary.tokenMap) {
    const token = raw as unknown as Token
    const { conditions, virtual, negative } = token.extensions
    const flags = (conditions ? SEMANTIC : 0) | (virtual ? VIRTUAL : 0) | (negative ? NEGATIVE : 0)
    const path = token.path.join('.') === name && !token.path.some((part) => part.includes('.'))
    snapshot.tokens.push(
      path ? [name, String(token.value), flags] : [name, String(token.value), flags, token.path],
    )
  }
  const cssVarOf = new Map(
    [...dictionary.tokenMap].map(([name, token]) => [
      name,
      (token.extensions.cssVar as { ref: string } | undefined)?.ref,
    ]),
  )
  for (const [name, value] of dictionary.flatMap) {
    if (cssVarOf.get(name) !== value) snapshot.flat[name] = value
  }
  for (const [palette, vars] of dictionary.colorPaletteMap) {
    const { virtual, own } = paletteNames(prefix, palette)
    snapshot.palettes[palette] = [...vars].map(([name, reference]) => {
      const end = name.slice(virtual.length)
      return name.startsWith(virtual) && reference === `var(${own}${end})` ? end : [name, reference]
    })
  }
  return snapshot
}

/** What the app's dictionary is filled with (`builtTokens` in system.ts). */
export interface RestoredTokens {
  tokens: KeptToken[]
  flat: Map<string, string>
  byCategory: Map<string, Map<string, string>>
  palettes: Map<string, Map<string, string>>
}

/** Reads a snapshot back, naming each token's variable as Chakra does. */
export function restoreTokens(snapshot: TokenSnapshot, format = formatCssVar): RestoredTokens {
  const restored: RestoredTokens = {
    tokens: [],
    flat: new Map(),
    byCategory: new Map(),
    palettes: new Map(),
  }
  for (const [name, value, flags, givenPath] of snapshot.tokens) {
    const path = givenPath ?? name.split('.')
    const category = path[0]!
    const prop = path.slice(1).join('.')
    // A negative token (`spacing.-1`) is its positive one's variable times -1.
    const cssVar = format(
      flags & NEGATIVE ? [...path.slice(0, -1), path.at(-1)!.replace(/^-/, '')] : path,
      snapshot.prefix,
    )
    const token: KeptToken = {
      name,
      value,
      originalValue: value,
      path,
      extensions: { condition: 'base', category, prop, cssVar },
    }
    // That it has values by condition (light, dark …) is what the app reads of a semantic token;
    // the values themselves are in the stylesheet.
    if (flags & SEMANTIC) token.extensions.conditions = {}
    if (flags & VIRTUAL) token.extensions.virtual = true
    if (flags & NEGATIVE) token.extensions.negative = true
    restored.tokens.push(token)
    const reference = snapshot.flat[name] ?? cssVar.ref
    restored.flat.set(name, reference)
    let values = restored.byCategory.get(category)
    if (!values) restored.byCategory.set(category, (values = new Map()))
    values.set(prop, reference)
  }
  for (const [palette, vars] of Object.entries(snapshot.palettes)) {
    const { virtual, own } = paletteNames(snapshot.prefix, palette)
    restored.palettes.set(
      palette,
      new Map(vars.map((v) => (typeof v === 'string' ? [virtual + v, `var(${own}${v})`] : v))),
    )
  }
  return restored
}

/** Where a restored dictionary reads differently from the one Chakra built: none, or a list. */
export function differences(real: TokenDictionaryViews, restored: RestoredTokens): string[] {
  const found: string[] = []
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const kept = new Map(restored.tokens.map((token) => [token.name, token]))
  if (kept.size !== real.tokenMap.size) {
    found.push(`${kept.size} tokens instead of ${real.tokenMap.size}`)
  }
  for (const [name, raw] of real.tokenMap) {
    const token = raw as unknown as Token & {
      extensions: { cssVar: unknown; category: string; prop: string }
    }
    const mine = kept.get(name)
    const semantic = (t: { extensions: { conditions?: unknown; virtual?: boolean } }) =>
      Boolean(t.extensions.conditions || t.extensions.virtual)
    if (
      !mine ||
      String(token.value) !== mine.value ||
      !same(token.extensions.cssVar, mine.extensions.cssVar) ||
      token.extensions.category !== mine.extensions.category ||
      token.extensions.prop !== mine.extensions.prop ||
      semantic(token) !== semantic(mine)
    ) {
      found.push(`token ${name}`)
    }
  }
  if (!same([...real.flatMap].sort(), [...restored.flat].sort())) found.push('variable references')
  for (const [category, values] of restored.byCategory) {
    const sorted = (values: Record<string, string> | null) => Object.entries(values ?? {}).sort()
    if (!same(sorted(real.getCategoryValues(category)), sorted(Object.fromEntries(values)))) {
      found.push(`category ${category}`)
    }
  }
  const palettes = (map: Map<string, Map<string, string>>) =>
    [...map].map(([name, vars]) => [name, [...vars]])
  if (!same(palettes(real.colorPaletteMap), palettes(restored.palettes))) found.push('palettes')
  return found
}
