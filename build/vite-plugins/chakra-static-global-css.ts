import { createHash } from 'node:crypto'
import { join } from 'node:path'

import { serializeStyles } from '@emotion/serialize'
import { compile, middleware, prefixer, serialize, stringify } from 'stylis'
import { type Plugin } from 'vite'

import { loadChakraSystem } from './chakra-system.ts'
import { chakraEsm } from './paths.ts'

/**
 * Chakra's global CSS — the reset, the app's global styles and a CSS variable for every token,
 * about 38 KB — is built at start from the theme, serialised by Emotion and inserted rule by rule:
 * a large share of a phone's start-up. It depends only on the theme, so the build writes it once
 * as a stylesheet linked from index.html, and the built app's system skips it. Tests and the
 * development server keep Chakra's own way.
 */
export function chakraStaticGlobalCss(): Plugin {
  const systemFile = join(chakraEsm, 'styled-system', 'system.js')
  const atStart = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];'
  let fileName = ''
  let css = ''
  return {
    name: 'chakra-static-global-css',
    apply: 'build',
    async buildStart() {
      const system = await loadChakraSystem()
      const styles = serializeStyles([system._global as never]).styles
      // The layer order first, as Chakra declares it, then the rules as Emotion would write them.
      css = `${system.layers.atRule}\n${serialize(compile(styles), middleware([prefixer, stringify]))}`
      const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8)
      fileName = `assets/chakra-global-${hash}.css`
    },
    transform(code, id) {
      if (id !== systemFile) return null
      if (!code.includes(atStart)) {
        this.error('Chakra no longer builds its global CSS as expected: update this plugin')
      }
      // The same line, shorter: the mappings of everything else stay as they are.
      return { code: code.replace(atStart, 'const _global = [];'), map: null }
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css })
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' },
    ],
  }
}
