/**
 * Chakra's theme (its tokens and the recipes the app uses), imported by the start-up on its own
 * so that evaluating it is a task of its own, before `createSystem` builds the system from it in
 * the next (src/main.tsx). A named re-export, so the build keeps only the recipes the app uses
 * (build/vite-plugins/chakra-used-recipes.ts); the whole module imported at once would keep all.
 */
export { defaultThemeConfig } from '@chakra-ui/react/theme'
