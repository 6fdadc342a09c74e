import type { RestoredTokens } from './token-snapshot'

/**
 * Chakra's token dictionary as the build wrote it down, read back (see token-snapshot.ts): in a
 * build, build/vite-plugins/chakra-tokens-ahead.ts gives this module the snapshot and the
 * built app's `createTokenDictionary` takes its maps from here. The start-up reads it back in a
 * step of its own (src/main.tsx), before the step that builds the system. Outside a build there
 * is none, and Chakra builds the dictionary itself.
 */
const builtTokens: RestoredTokens | null = null
export default builtTokens
