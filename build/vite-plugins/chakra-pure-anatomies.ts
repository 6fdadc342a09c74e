import { join } from 'node:path'

import { type Plugin } from 'vite'

import { chakraEsm } from './paths.ts'

/**
 * Chakra's anatomy module builds the parts of every component it styles when it is evaluated
 * (`createAnatomy("action-bar").parts(…)`, `dialogAnatomy.extendWith(…)`), some forty of them,
 * and the build cannot tell that building one has no other effect: all were kept and built at
 * start, those of components the app never shows (colour and date pickers, splitters, rating
 * groups …) with them. Each is marked pure here, so the build keeps only the anatomies the
 * recipes and components in use import.
 */
export function chakraPureAnatomies(): Plugin {
  const anatomyFile = join(chakraEsm, 'anatomy.js')
  return {
    name: 'chakra-pure-anatomies',
    apply: 'build',
    transform(code, id) {
      if (id !== anatomyFile) return null
      let marked = 0
      // A top-level `const name = …;`, over one line or several, none of them with a `;` inside.
      const out = code.replace(/^const (\w+) = ([^;]+);$/gm, (_, name: string, value: string) => {
        marked++
        return `const ${name} = /* @__PURE__ */ (() => ${value})();`
      })
      if (marked < 30) {
        this.error('Chakra no longer builds its anatomies as expected: update this plugin')
      }
      return { code: out, map: null }
    },
  }
}
