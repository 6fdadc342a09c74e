import { defineConfig } from '@chakra-ui/react'
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  codeRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  kbdRecipe,
  layerStyles,
  linkRecipe,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
} from '@chakra-ui/react/theme'

import { slotRecipes } from './chakra-slot-recipes'

/**
 * Chakra's theme as the running app reads it: the recipes of the Chakra components the app uses
 * (`chakra-theme.test.ts` checks every component imported in src/ has its recipe here), the
 * breakpoints and composition styles. Chakra's whole theme brings the recipes of some
 * seventy-five components; listing the app's keeps about a sixth off the first chunk.
 *
 * Not the token trees nor the global CSS (with the keyframes it declares): the app reads both as
 * written down from them (`generated/`, by `npm run theme:generate`), so no phone builds them at
 * start.
 *
 * Imported by the start-up on its own, after its slot recipes (`chakra-slot-recipes.ts`), so that
 * evaluating each is a task of its own, before the system is built from them (src/main.tsx).
 */
export const chakraTheme = defineConfig({
  cssVarsPrefix,
  cssVarsRoot,
  theme: {
    breakpoints,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes,
  },
})
