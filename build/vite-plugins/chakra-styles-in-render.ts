import { chakraReplace } from './chakra-replace.ts'

const register = 'registerStyles(cache2, serialized, isStringTag);'

/**
 * Has Chakra's styled factory ask the app's Emotion cache to compile a style's rules in the
 * render that makes the style, where it registers it (`cache.prepare`, src/theme/emotion-cache.ts),
 * instead of in the commit that inserts them.
 */
export const chakraStylesInRender = () =>
  chakraReplace('chakra-styles-in-render', {
    'styled-system/factory.js': [[register, `${register} cache2.prepare?.(serialized);`]],
  })
