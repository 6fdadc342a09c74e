import { defaultBaseConfig } from '@chakra-ui/react/preset-base'

import builtTokens from './built-tokens'
import { chakraTheme } from './chakra-theme'
import { appConfig } from './config'
import { createSystem } from './create-system'

/**
 * The app's Chakra system: Chakra's base preset, the part of its theme the app uses, the app's
 * own config, and what `npm run theme:generate` wrote down from them all: the token dictionary
 * (`builtTokens`, so the token trees are not walked at start) and the global CSS (a stylesheet
 * linked from the page, `generated/chakra-global.css`, so Chakra's provider inserts none). Both
 * are changes of `patches/`.
 */
export const system = createSystem(defaultBaseConfig, chakraTheme, appConfig, {
  builtTokens,
  globalCssBuilt: true,
})
