import { defineConfig, type SystemStyleObject } from '@chakra-ui/react'

import { THEME_NAMES } from '@/stores/appearance'

import { colourThemes, type Palette } from './themes'

const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"'

const paletteVars = (
  name: 'primary' | 'secondary',
  palette: Palette,
): Record<`--${string}`, string> => ({
  [`--app-${name}`]: palette.main,
  [`--app-${name}-contrast`]: palette.contrast,
  [`--app-${name}-light`]: palette.light,
  [`--app-${name}-dark`]: palette.dark,
  [`--app-${name}-text`]: palette.text,
})

/**
 * The colour theme lives in CSS variables selected by `data-theme` and the `dark` class on
 * <html>, so switching theme or mode repaints without re-rendering React. The default (no
 * attribute yet) is BLUE_THEME.
 */
const themeVariables: Record<string, SystemStyleObject> = {}
for (const name of THEME_NAMES) {
  const theme = colourThemes[name]
  const light = {
    ...paletteVars('primary', theme.light.primary),
    ...paletteVars('secondary', theme.light.secondary),
  }
  const dark = {
    ...paletteVars('primary', theme.dark.primary),
    ...paletteVars('secondary', theme.dark.secondary),
  }
  if (name === 'BLUE_THEME') {
    themeVariables[':root'] = light
    themeVariables[':root.dark'] = dark
  }
  themeVariables[`:root[data-theme=${name}]`] = light
  themeVariables[`:root.dark[data-theme=${name}]`] = dark
}

const paletteTokens = (name: 'primary' | 'secondary') => ({
  solid: { value: `var(--app-${name})` },
  contrast: { value: `var(--app-${name}-contrast)` },
  fg: { value: `var(--app-${name}-text)` },
  muted: { value: `color-mix(in srgb, var(--app-${name}) 20%, transparent)` },
  subtle: { value: `var(--app-${name}-light)` },
  emphasized: { value: `var(--app-${name}-dark)` },
  focusRing: { value: `var(--app-${name})` },
})

/** A token with one value in light mode and another in dark mode. */
const byMode = (light: string, dark: string) => ({ value: { _light: light, _dark: dark } })

const fieldFocus = { focusVisibleRing: 'outside' } as const

/**
 * The app's global styles: the colour themes' variables and the page's colours and print rules.
 * Only `npm run theme:generate` reads them, into the stylesheet the page links
 * (`generated/chakra-global.css`).
 */
export const appGlobalCss = defineConfig({
  globalCss: {
    ...themeVariables,
    html: { colorPalette: 'primary' },
    body: { bg: 'bg.page', color: 'fg', fontFamily: 'body' },
    // Printing a lesson prints its text: no sidebar, top bar, buttons or table of contents.
    'aside, header, [data-print-hide]': { '@media print': { display: 'none !important' } },
    'body, main': { '@media print': { bg: 'white', color: 'black' } },
    '[data-print-flat]': { '@media print': { paddingInlineStart: '0 !important' } },
  },
})

/**
 * The app's own theme, over Chakra's: its breakpoints, fonts, semantic colours, radii, shadows and
 * recipe changes. Read by the running app (system.ts) and by `npm run theme:generate`, which
 * writes the global CSS and the token dictionary down from it.
 */
export const appConfig = defineConfig({
  theme: {
    // xs is the base (0). 2xl is kept above xl so the scale stays ordered.
    breakpoints: { sm: '600px', md: '900px', lg: '1200px', xl: '1536px', '2xl': '1920px' },
    tokens: {
      fonts: {
        body: { value: FONT_STACK },
        heading: { value: FONT_STACK },
      },
    },
    semanticTokens: {
      colors: {
        primary: paletteTokens('primary'),
        secondary: paletteTokens('secondary'),
        bg: {
          DEFAULT: byMode('{colors.white}', '#2A3447'),
          page: byMode('#F4F7FB', '#1E2736'),
          panel: byMode('{colors.white}', '#2A3447'),
          subtle: byMode('#F8FAFC', '#253044'),
          muted: byMode('#F2F6FA', '#333F55'),
          emphasized: byMode('#E5EAEF', '#3D4A63'),
        },
        fg: {
          DEFAULT: byMode('#2A3547', '#EAEFF4'),
          muted: byMode('#55647E', '#A3B3CB'),
          subtle: byMode('#627188', '#9DABC1'),
          // Chakra's status colours are a shade too light for text on white (3.3–3.8:1).
          error: byMode('{colors.red.700}', '{colors.red.300}'),
          success: byMode('{colors.green.700}', '{colors.green.300}'),
          warning: byMode('{colors.orange.700}', '{colors.orange.300}'),
        },
        // White on Chakra's solid green, orange and teal is 2.5–3.6:1: one shade darker where
        // the text on them is white (dark orange keeps Chakra's black text on orange.500).
        green: { solid: byMode('{colors.green.700}', '{colors.green.700}') },
        teal: { solid: byMode('{colors.teal.700}', '{colors.teal.700}') },
        orange: { solid: byMode('{colors.orange.700}', '{colors.orange.500}') },
        border: {
          DEFAULT: byMode('#E5EAEF', '#333F55'),
          muted: byMode('#EEF2F6', '#2F3A4F'),
        },
      },
      radii: {
        // One setting (the customizer's corner radius, 7 by default) drives every component.
        l1: { value: 'max(0px, calc(var(--app-radius, 7px) - 3px))' },
        l2: { value: 'var(--app-radius, 7px)' },
        l3: { value: 'calc(var(--app-radius, 7px) + 2px)' },
      },
      shadows: {
        card: byMode(
          '0 0 2px 0 rgb(145 158 171 / 30%), 0 12px 24px -4px rgb(145 158 171 / 12%)',
          '0 0 2px 0 rgb(0 0 0 / 60%), 0 12px 24px -4px rgb(0 0 0 / 45%)',
        ),
        topbar: byMode('0 1px 0 0 #E5EAEF', '0 1px 0 0 #333F55, 0 4px 12px rgb(0 0 0 / 35%)'),
      },
    },
    // A focused field gets a 2 px ring outside its border (Chakra's own is a 1 px change of the
    // border colour, too faint to find the cursor by).
    recipes: {
      input: { variants: { variant: { outline: fieldFocus, subtle: fieldFocus } } },
      textarea: { variants: { variant: { outline: fieldFocus, subtle: fieldFocus } } },
    },
    slotRecipes: {
      nativeSelect: { slots: [], base: { field: fieldFocus } },
      // `slots: []` leaves the default slots in place (configs merge arrays index by index).
      card: {
        slots: [],
        variants: {
          size: { md: { root: { '--card-padding': '15px' } } },
        },
      },
      dialog: {
        slots: [],
        base: { title: { fontSize: '1.25rem' } },
      },
    },
  },
})
