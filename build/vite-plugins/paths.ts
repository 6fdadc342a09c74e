import { resolve } from 'node:path'

/** The repository's root, where vite.config.ts, src/ and node_modules/ are. */
export const root = resolve(import.meta.dirname, '../..')

/** The ES modules of Chakra UI, whose theme and system the Chakra plugins adjust. */
export const chakraEsm = resolve(root, 'node_modules/@chakra-ui/react/dist/esm')
