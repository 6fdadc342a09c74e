/**
 * Chakra's own theme (its tokens, conditions and the recipes the app uses), imported by the
 * start-up on its own so that evaluating it is a task of its own, before `createSystem` builds
 * the system from it in the next (src/main.tsx).
 */
export { defaultConfig } from '@chakra-ui/react'
