import { join } from 'node:path'

import { type Plugin } from 'vite'

import { chakraEsm } from './paths.ts'

/**
 * Has Chakra's styled factory ask the app's Emotion cache to compile a style's rules in the
 * render that makes the style, where it registers it (`cache.prepare`, src/theme/emotion-cache.ts),
 * instead of in the commit that inserts them.
 */
export function chakraStylesInRender(): Plugin {
  const factoryFile = join(chakraEsm, 'styled-system', 'factory.js')
  const register = 'registerStyles(cache2, serialized, isStringTag);'
  return {
    name: 'chakra-styles-in-render',
    apply: 'build',
    transform(code, id) {
      if (id !== factoryFile) return null
      if (code.split(register).length !== 2) {
        this.error('Chakra no longer registers its styles as expected: update this plugin')
      }
      return {
        code: code.replace(register, `${register} cache2.prepare?.(serialized);`),
        map: null,
      }
    },
  }
}
