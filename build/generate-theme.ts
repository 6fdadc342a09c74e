/**
 * `npm run theme:generate`: writes down what Chakra builds from the app's theme at start, so no
 * phone builds it: the global CSS (`src/theme/generated/chakra-global.css`: the reset, the app's
 * global styles, a variable for every token) and the token dictionary
 * (`src/theme/generated/tokens.json`, see src/theme/token-snapshot.ts). Run it after changing
 * src/theme/config.ts or chakra-theme.ts, or after updating Chakra.
 *
 *   npm run theme:generate               write both files
 *   npm run theme:generate -- --check    exit 1 if either is not what would be written (a test runs this)
 *
 * The system here is Chakra's own, built from its token trees, in a process of its own: Chakra's
 * `createSystem` (as patched) merges configs into the first that holds each part.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { createSystem } from '@chakra-ui/react'
import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import {
  globalCss as chakraGlobalCss,
  keyframes,
  semanticTokens,
  tokens,
} from '@chakra-ui/react/theme'
import { serializeStyles } from '@emotion/serialize'
import { compile, middleware, prefixer, serialize, stringify } from 'stylis'

import { chakraTheme } from '@/theme/chakra-theme'
import { appConfig, appGlobalCss } from '@/theme/config'
import {
  differences,
  restoreTokens,
  snapshotTokens,
  type TokenDictionaryViews,
  type TokenSnapshot,
} from '@/theme/token-snapshot'

const folder = resolve(import.meta.dirname, '../src/theme/generated')
const cssFile = resolve(folder, 'chakra-global.css')
const tokensFile = resolve(folder, 'tokens.json')

/**
 * Chakra's global styles, with the variables it declares on every element (`*`: the defaults of
 * its ring and filter utilities, and the body font, mono font and border colour) declared once,
 * on html, and inherited from there. On every element, each element's style carried 26 variables
 * of its own, resolved at every style recalculation: one of the prerendered dashboard took 1.4×
 * as long (`npm run bench:style`). The app sets none of them below html, and has no part in
 * another colour mode.
 */
function variablesOnHtml(css: typeof chakraGlobalCss): typeof chakraGlobalCss {
  const { '*': every = {}, html = {}, ...rest } = css as Record<string, Record<string, unknown>>
  const isVariable = ([name]: [string, unknown]) => name.startsWith('--')
  return {
    '*': Object.fromEntries(Object.entries(every).filter((entry) => !isVariable(entry))),
    html: { ...Object.fromEntries(Object.entries(every).filter(isVariable)), ...html },
    ...rest,
  } as typeof chakraGlobalCss
}
const globalCss = variablesOnHtml(chakraGlobalCss)

const system = createSystem(
  defaultBaseConfig,
  chakraTheme,
  { preflight: true, globalCss, theme: { tokens, semanticTokens, keyframes } },
  appConfig,
  appGlobalCss,
)

// The layer order first, as Chakra declares it, then the rules as Emotion would insert them.
const globalStyles = serializeStyles([system._global as never]).styles
const css = `${system.layers.atRule}\n${serialize(compile(globalStyles), middleware([prefixer, stringify]))}\n`

const dictionary = system.tokens as unknown as TokenDictionaryViews
const snapshot = snapshotTokens(dictionary, system._config.cssVarsPrefix ?? 'chakra')
// One token a line, so a change to the theme reads as a change to its tokens.
const json = `{
"prefix": ${JSON.stringify(snapshot.prefix)},
"tokens": [
${snapshot.tokens.map((token) => JSON.stringify(token)).join(',\n')}
],
"flat": ${JSON.stringify(snapshot.flat)},
"palettes": {
${Object.entries(snapshot.palettes)
  .map(([name, vars]) => `${JSON.stringify(name)}: ${JSON.stringify(vars)}`)
  .join(',\n')}
}
}
`
const differ = differences(dictionary, restoreTokens(JSON.parse(json) as TokenSnapshot))
if (differ.length) {
  console.error(`The token dictionary does not read back as Chakra built it: ${differ.join(', ')}`)
  process.exit(1)
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
if (process.argv.includes('--check')) {
  const stale = [
    [cssFile, css],
    [tokensFile, json],
  ].filter(([file, text]) => read(file!) !== text)
  if (stale.length) {
    console.error(
      `Not what the theme gives: ${stale.map(([file]) => file).join(', ')}. Run npm run theme:generate.`,
    )
    process.exit(1)
  }
  console.log('src/theme/generated/ is what the theme gives.')
} else {
  writeFileSync(cssFile, css)
  writeFileSync(tokensFile, json)
  console.log(
    `Wrote ${cssFile} (${css.length} bytes) and ${tokensFile} (${snapshot.tokens.length} tokens).`,
  )
}
