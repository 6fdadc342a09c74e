import { join } from 'node:path'

import { type Plugin, type TransformResult } from 'vite'

import { chakraEsm } from './paths.ts'

/**
 * A build plugin that changes Chakra's own modules by exact replacements: for each file (under
 * Chakra's ESM folder), each [before, after] in turn. The build stops when a `before` is no
 * longer there, so a Chakra update that moves the code is noticed, not silently left as it is.
 * Each change keeps the lines where they were, so the mappings of the rest hold.
 */
export function chakraReplace(name: string, changes: Record<string, [string, string][]>): Plugin {
  const byId = new Map(Object.entries(changes).map(([file, list]) => [join(chakraEsm, file), list]))
  return {
    name,
    apply: 'build',
    transform(code, id): TransformResult | null {
      const replacements = byId.get(id)
      if (!replacements) return null
      let changed = code
      for (const [before, after] of replacements) {
        if (!changed.includes(before)) {
          this.error(`Chakra's ${id.slice(chakraEsm.length + 1)} changed: update ${name}`)
        }
        changed = changed.replace(before, after)
      }
      return { code: changed, map: null }
    },
  }
}
