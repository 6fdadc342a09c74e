import { chakraReplace } from './chakra-replace.ts'

const call = 'const defaultSystem = createSystem(defaultConfig);'

/**
 * Chakra's preset module builds a whole system of its own, `defaultSystem`, as soon as it is
 * imported — the app never uses it, as it builds its own (src/theme/system.ts), but a phone
 * spent some 100 ms of start-up on it. Marked pure, the unused call is left out of the build.
 */
export const chakraNoDefaultSystem = () =>
  chakraReplace('chakra-no-default-system', {
    'preset.js': [[call, 'const defaultSystem = /* @__PURE__ */ createSystem(defaultConfig);']],
  })
