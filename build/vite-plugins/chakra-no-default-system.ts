import { join } from 'node:path'

import { type Plugin } from 'vite'

import { chakraEsm } from './paths.ts'

/**
 * Chakra's preset module builds a whole system of its own, `defaultSystem`, as soon as it is
 * imported — the app never uses it, as it builds its own (src/theme/system.ts), but a phone
 * spent some 100 ms of start-up on it. Marked pure, the unused call is left out of the build.
 */
export function chakraNoDefaultSystem(): Plugin {
  const presetFile = join(chakraEsm, 'preset.js')
  const call = 'const defaultSystem = createSystem(defaultConfig);'
  return {
    name: 'chakra-no-default-system',
    apply: 'build',
    transform(code, id) {
      if (id !== presetFile) return null
      if (!code.includes(call)) {
        this.error('Chakra no longer builds its default system as expected: update this plugin')
      }
      return {
        code: code.replace(
          call,
          'const defaultSystem = /* @__PURE__ */ createSystem(defaultConfig);',
        ),
        map: null,
      }
    },
  }
}
