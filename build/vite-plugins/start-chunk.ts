import { basename, resolve } from 'node:path'

import { type Plugin, type Rollup } from 'vite'

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
 * graph. The build still writes each part a file of its own that runs the part's
 * initialiser in the chunk and hands on its exports; `plugin` has the chunk do that itself
 * instead (see importFromItself), so each part is still evaluated in its own task, from code
 * already there, without a file to ask for.
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
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const start = Object.values(bundle).find(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' && output.moduleIds.includes(START_UP),
        )
        if (!start) return
        for (const fileName of [...start.dynamicImports]) {
          const part = bundle[fileName]
          if (part?.type !== 'chunk') continue
          // Both in the same folder: each names the other by its file's name.
          const load =
            part.moduleIds.length === 0
              ? importFromItself(part.code, basename(start.fileName))
              : undefined
          if (!load) continue
          const imported = [
            `import(\`./${basename(fileName)}\`)`,
            `import("./${basename(fileName)}")`,
          ]
          if (!imported.some((text) => start.code.includes(text))) continue
          for (const text of imported) start.code = start.code.replaceAll(text, load)
          start.dynamicImports = start.dynamicImports.filter((file) => file !== fileName)
          // Kept where another chunk still asks for it.
          const asked = Object.values(bundle).some(
            (output) =>
              output.type === 'chunk' &&
              (output.imports.includes(fileName) || output.dynamicImports.includes(fileName)),
          )
          if (!asked) delete bundle[fileName]
        }
      },
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

/**
 * What a chunk's own `import()` of a part becomes when the part's code (`part`) only runs
 * initialisers of the chunk (`from`, its file's name) and hands on some of its exports: the chunk
 * imports itself (the same module, already loaded), runs them and hands on the same exports.
 * `undefined` for a part of any other shape, which is left as it is.
 */
export function importFromItself(part: string, from: string): string | undefined {
  const code = part.replace(/^(?:\/\/[^\n]*\n)*/, '').trim()
  const [, imports, file, calls = '', exports, required] = PART.exec(code) ?? []
  if (file !== from || imports === undefined) return undefined
  // `a as b` names a's export b; a lone `a` keeps its name.
  const pairs = (list: string) =>
    list.split(',').map((binding) => {
      const [name = '', as = name] = binding.split(' as ')
      return [name, as] as const
    })
  // Which of the chunk's exports each of the part's local names is.
  const exported = new Map(pairs(imports).map(([name, local]) => [local, name]))
  const read = (local: string) => {
    const name = exported.get(local)
    if (name === undefined) throw new Error(`${from}: ${local} is not imported`)
    return `m.${name}`
  }
  const run = [...calls.matchAll(/([\w$]+)\(\);/g)].map(([, local = '']) => `${read(local)}()`)
  // A CommonJS module's part hands on what its wrapper returns, as its default export.
  const namespace =
    required === undefined
      ? pairs(exports ?? '').map(([local, name]) => `${JSON.stringify(name)}:${read(local)}`)
      : [`default:${read(required)}()`]
  return `import(\`./${from}\`).then((m)=>(${[...run, `{${namespace.join(',')}}`].join(',')}))`
}

/**
 * A part as the build writes it: `import{…}from"./chunk.js";` then calls of initialisers, then
 * `export{…};` or, for a CommonJS module, `export default wrapper();`.
 */
const PART =
  /^import\{([^}]*)\}from"\.\/([^"]+)";((?:[\w$]+\(\);)*)(?:export\{([^}]*)\}|export default ([\w$]+)\(\));?$/
