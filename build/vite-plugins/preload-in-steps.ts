import { resolve } from 'node:path'

import { type Plugin } from 'vite'

import { root } from './paths.ts'

/** The module Vite's build imports its preload helper from, in every chunk with an `import()`. */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js'

/** V8's compile hint, which vite.config.ts writes as every chunk's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Vite's helper for dynamic imports is replaced by the app's own (src/lib/preload-helper.ts),
 * which adds a chunk's preload links a few per task instead of all in one.
 *
 * Vite also writes the list of a chunk's preloads (`const __vite__mapDeps=…`) above the chunk's
 * first line, after the chunks are rendered: above V8's compile hint, which then no longer opens
 * the script. The hint is put back on top.
 */
export function preloadInSteps(): Plugin {
  return {
    name: 'preload-in-steps',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id === VITE_PRELOAD_HELPER) return resolve(root, 'src/lib/preload-helper.ts')
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue
          const at = chunk.code.indexOf(COMPILE_HINT)
          if (at === -1) continue
          chunk.code =
            COMPILE_HINT + chunk.code.slice(0, at) + chunk.code.slice(at + COMPILE_HINT.length)
        }
      },
    },
  }
}
