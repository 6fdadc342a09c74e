import { resolve } from 'node:path'

import { type Plugin } from 'vite'

import { root } from './paths.ts'

/** The module that lists the start-up's parts (src/main.tsx imports it, then each part). */
const START_UP = resolve(root, 'src/start-up.ts')

/**
 * The start-up's code in one chunk: src/start-up.ts, each part it imports, and what they import.
 * Left to the automatic split it came in some forty files, a dozen of them a hundred bytes that
 * only run their module's initialiser, and starting each fetch, then compiling each module, takes
 * a phone's main thread a moment.
 *
 * `groups` go in the build's `codeSplitting.groups` (the page's own script's modules first, which
 * stay out of it: a visitor's page runs that script and asks for the start-up's code only when
 * they act, src/lib/prerendered.ts); they know their modules once `plugin` has seen the module
 * graph. Each part is still imported, and evaluated, in a task of its own (src/main.tsx), from
 * code already there (noFacades).
 */
export function startChunk() {
  const modules = new Set<string>()
  const pageModules = new Set<string>()
  const plugin: Plugin = {
    name: 'start-chunk',
    apply: 'build',
    enforce: 'pre',
    buildEnd() {
      const startUp = this.getModuleInfo(START_UP)
      if (!startUp) return
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? []
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      for (const id of reach(entries, imports)) {
        if (!entries.includes(id) && /\.[jt]sx?$/.test(id)) pageModules.add(id)
      }
      for (const id of [START_UP, ...startUp.dynamicallyImportedIds]) modules.add(id)
    },
  }
  // A group takes in what its modules import, but for those of a group of higher priority.
  const groups = [
    { name: 'index', test: (id: string) => pageModules.has(id), priority: 2 },
    { name: 'start', test: (id: string) => modules.has(id), priority: 1 },
  ]
  return { plugin, groups }
}

/** The modules `from` import, and what those import, and so on. */
function reach(from: readonly string[], imports: (id: string) => readonly string[]) {
  const found = new Set<string>()
  const visit = (id: string) => {
    if (found.has(id)) return
    found.add(id)
    imports(id).forEach(visit)
  }
  from.forEach(visit)
  return found
}
