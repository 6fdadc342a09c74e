/**
 * Chakra's `createSystem`, from a module of its own: the start-up imports it a task before the
 * system is built (src/main.tsx), so that evaluating the styling engine's code (the CSS property
 * list, the utilities, the token dictionary's code) and running it to build the system are two
 * tasks, not one.
 */
export { createSystem } from '@chakra-ui/react'
