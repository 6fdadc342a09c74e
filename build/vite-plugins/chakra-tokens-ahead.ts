import { join, resolve } from 'node:path'

import { type Plugin } from 'vite'

import { loadChakraSystem, loadTokenSnapshot } from './chakra-system.ts'
import { chakraEsm, root } from './paths.ts'

/**
 * Chakra's token dictionary, built by the build instead of by every phone at start (see
 * src/theme/token-snapshot.ts): the build writes down the dictionary Chakra builds for the app's
 * theme, checks that reading it back gives the same dictionary, and the built app's
 * `createTokenDictionary` fills its maps from that (src/theme/built-tokens.ts, read back in a
 * start-up step of its own) instead of walking the theme's token trees.
 * The theme's token trees are then read by nothing at start, so they are left out of
 * `defaultThemeConfig`, and out of the build with them.
 */
export function chakraTokensAhead(): Plugin {
  const dictionaryFile = join(chakraEsm, 'styled-system', 'token-dictionary.js')
  const builtTokensFile = resolve(root, 'src/theme/built-tokens.ts')
  const themeFile = join(chakraEsm, 'theme', 'index.js')
  const built = [
    '  registerTokens();',
    '  registerTransform(...tokenTransforms);',
    '  registerMiddleware(...tokenMiddlewares);',
    '  build();',
    '  return dictionary;',
  ].join('\n')
  const treesInTheme = '    tokens,\n    semanticTokens,\n'
  let snapshot = ''
  return {
    name: 'chakra-tokens-ahead',
    apply: 'build',
    async buildStart() {
      const system = await loadChakraSystem()
      const { differences, restoreTokens, snapshotTokens } = await loadTokenSnapshot()
      const real = system.tokens as unknown as Parameters<typeof snapshotTokens>[0] & {
        formatCssVar: Parameters<typeof restoreTokens>[1]
      }
      const written = snapshotTokens(real, system._config.cssVarsPrefix ?? 'chakra')
      snapshot = JSON.stringify(written)
      const differ = differences(real, restoreTokens(JSON.parse(snapshot), real.formatCssVar))
      if (differ.length) {
        this.error(`Chakra's tokens do not read back as built: ${differ.slice(0, 10).join(', ')}`)
      }
    },
    load(id) {
      if (id !== builtTokensFile) return null
      // Read back as Chakra names a token's variable (its dictionary's `formatCssVar`), and
      // parsed from a string: JSON.parse starts quicker than the same object written as code.
      return [
        `import { restoreTokens } from ${JSON.stringify(resolve(root, 'src/theme/token-snapshot.ts'))}`,
        `import { cssVar } from ${JSON.stringify(join(chakraEsm, 'styled-system', 'css-var.js'))}`,
        `const formatCssVar = (path, prefix) => cssVar(path.join('-'), { prefix })`,
        `export default restoreTokens(JSON.parse(${JSON.stringify(snapshot)}), formatCssVar)`,
      ].join('\n')
    },
    transform(code, id) {
      if (id === themeFile) {
        if (!code.includes(treesInTheme)) {
          this.error(
            "Chakra's theme no longer lists its token trees as expected: update this plugin",
          )
        }
        return { code: code.replace(treesInTheme, ''), map: null }
      }
      if (id !== dictionaryFile) return null
      if (!code.includes(built)) {
        this.error('Chakra no longer builds its token dictionary as expected: update this plugin')
      }
      const restore = [
        '  const restored = __builtTokens;',
        '  restored.tokens.forEach((token) => registerToken(token));',
        '  restored.flat.forEach((value, name) => flatMap.set(name, value));',
        '  restored.byCategory.forEach((values, category) => byCategory.set(category, values));',
        '  restored.palettes.forEach((vars, palette) => colorPaletteMap.set(palette, vars));',
        '  allTokens.forEach(buildCategoryMap);',
        '  byCategoryJson = mapToJson(byCategory);',
        '  return dictionary;',
      ].join('\n')
      const imports = `import __builtTokens from ${JSON.stringify(builtTokensFile)};`
      // The imports last (imports are hoisted), so the lines before the change keep their place.
      return { code: `${code.replace(built, restore)}\n${imports}\n`, map: null }
    },
  }
}
