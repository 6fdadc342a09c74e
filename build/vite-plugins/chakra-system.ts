import { resolve } from 'node:path'

import type { SystemContext } from '@chakra-ui/react'
import { tsImport } from 'tsx/esm/api'

import type * as TokenSnapshot from '@/theme/token-snapshot'

import { root } from './paths.ts'

let loading: Promise<SystemContext> | undefined

/**
 * The app's Chakra system as Chakra itself builds it (src/theme/system.ts, run in Node without
 * this build's plugins), loaded once for the plugins that write down what it builds.
 */
export function loadChakraSystem(): Promise<SystemContext> {
  loading ??= tsImport(resolve(root, 'src/theme/system.ts'), import.meta.url).then(
    (module: { system: SystemContext }) => module.system,
  )
  return loading
}

/** src/theme/token-snapshot.ts, which writes Chakra's token dictionary down (run in Node). */
export const loadTokenSnapshot = (): Promise<typeof TokenSnapshot> =>
  tsImport(resolve(root, 'src/theme/token-snapshot.ts'), import.meta.url)
