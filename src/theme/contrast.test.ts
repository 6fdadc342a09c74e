import { semanticTokens, tokens } from '@chakra-ui/react/theme'
import { describe, expect, it } from 'vitest'

import { THEME_NAMES } from '@/stores/appearance'

import { appConfig } from './config'
import { colourThemes } from './themes'

const channels = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]

/** Relative luminance of a #RRGGBB colour (WCAG 2.2). */
function luminance(hex: string) {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** The contrast ratio of two #RRGGBB colours, 1 to 21. */
function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** `colour` at `share` (0–1) over `background`, as sRGB `color-mix` paints it. */
function mixColours(colour: string, background: string, share: number) {
  const under = channels(background)
  return `#${channels(colour)
    .map((value, i) => Math.round(value * share + under[i]! * (1 - share)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`
}

type Mode = 'light' | 'dark'
type TokenValue = string | { _light?: string; _dark?: string }

/** The colour trees, the first that names a token wins: the app's, then Chakra's. */
const colourTrees = [appConfig.theme?.semanticTokens?.colors, semanticTokens.colors, tokens.colors]
const lookup = (tree: unknown, path: string): { value: TokenValue } | undefined => {
  let node = tree as Record<string, unknown> | undefined
  for (const part of path.split('.')) node = node?.[part] as Record<string, unknown> | undefined
  if (node && !('value' in node) && 'DEFAULT' in node) node = node.DEFAULT as typeof node
  return node as { value: TokenValue } | undefined
}

/** A colour token's value in one theme and mode, as a #RRGGBB the browser would paint. */
function resolve(path: string, theme: (typeof THEME_NAMES)[number], mode: Mode): string {
  const token = colourTrees
    .map((tree) => lookup(tree, path))
    .find((node) => node && 'value' in node)
  if (!token) throw new Error(`no colour token ${path}`)
  const raw = token.value
  const value = typeof raw === 'string' ? raw : mode === 'dark' ? raw._dark! : raw._light!
  return resolveValue(value, theme, mode)
}

function resolveValue(value: string, theme: (typeof THEME_NAMES)[number], mode: Mode): string {
  const reference = value.match(/^\{colors\.(.+)\}$/)
  if (reference) return resolve(reference[1]!, theme, mode)
  const variable = value.match(/^var\(--app-(primary|secondary)(?:-(\w+))?\)$/)
  if (variable) {
    const palette = colourThemes[theme][mode][variable[1] as 'primary' | 'secondary']
    return palette[(variable[2] ?? 'main') as keyof typeof palette]
  }
  const mix = value.match(/^color-mix\(in srgb, (.+) (\d+)%, transparent\)$/)
  if (mix) {
    // Drawn over a card: the colour at that share over the panel's background.
    const panel = resolve('bg.panel', theme, mode)
    return mixColours(resolveValue(mix[1]!, theme, mode), panel, Number(mix[2]) / 100)
  }
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toUpperCase()
  if (value === 'white') return '#FFFFFF'
  if (value === 'black') return '#000000'
  throw new Error(`cannot read colour ${value}`)
}

/** Every text/background pair the app paints; text needs 4.5:1 (WCAG 2.2 AA, normal size). */
const BACKGROUNDS = ['bg', 'bg.page', 'bg.panel', 'bg.subtle', 'bg.muted']
const NEUTRAL_TEXT = ['fg', 'fg.muted', 'fg.subtle', 'fg.error', 'fg.success', 'fg.warning']
/** The palettes the screens use: the theme's two, badges and statuses, notes and events. */
const PALETTES = [
  'primary',
  'secondary',
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
]

function pairs(): [string, string][] {
  const list: [string, string][] = []
  for (const text of NEUTRAL_TEXT) for (const bg of BACKGROUNDS) list.push([text, bg])
  // Note cards and tinted panels carry ordinary text on a palette's tint.
  for (const text of ['fg', 'fg.muted']) {
    for (const palette of PALETTES) list.push([text, `${palette}.subtle`])
  }
  for (const palette of PALETTES) {
    list.push([`${palette}.contrast`, `${palette}.solid`])
    for (const bg of [...BACKGROUNDS, `${palette}.subtle`, `${palette}.muted`]) {
      list.push([`${palette}.fg`, bg])
    }
  }
  return list
}

describe('colour contrast', () => {
  it('computes ratios as WCAG defines them', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#5D87FF', '#FFFFFF')).toBeCloseTo(3.29, 2)
    expect(mixColours('#000000', '#FFFFFF', 0.5)).toBe('#808080')
  })

  for (const theme of THEME_NAMES) {
    for (const mode of ['light', 'dark'] as const) {
      it(`${theme}, ${mode}: every text meets 4.5:1 on every background it is drawn on`, () => {
        const failures = pairs()
          .map(([text, bg]) => {
            const ratio = contrastRatio(resolve(text, theme, mode), resolve(bg, theme, mode))
            return { text, bg, ratio: Math.round(ratio * 100) / 100 }
          })
          .filter(({ ratio }) => ratio < 4.5)
        expect(failures).toEqual([])
      })
    }
  }
})
