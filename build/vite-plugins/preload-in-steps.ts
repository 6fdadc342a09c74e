import { resolve } from 'node:path'

import { type Plugin } from 'vite'

import { root } from './paths.ts'

/** The module Vite's build imports its preload helper from, in every chunk with an `import()`. */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js'

/**
 * Vite's helper for dynamic imports is replaced by the app's own (src/lib/preload-helper.ts),
 * which adds a chunk's preload links a few per task instead of all in one.
 */
export function preloadInSteps(): Plugin {
  return {
    name: 'preload-in-steps',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id === VITE_PRELOAD_HELPER) return resolve(root, 'src/lib/preload-helper.ts')
    },
  }
}
