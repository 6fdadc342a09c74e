import { posix } from 'node:path'

import { type Plugin, type Rollup } from 'vite'

/**
 * No file that only hands on a module of another chunk. With `strictExecutionOrder`, a module
 * that a chunk imports dynamically but that the build put in a shared chunk gets a file of its own
 * (a facade): a hundred bytes that import the shared chunk, run the module's initialiser and hand
 * on its exports. The dashboard asked for fifteen of them; each is a request, a fetch the main
 * thread starts and a module it compiles, on a phone a moment each. Here the chunk that imports a
 * facade does its work itself (see loadWithoutFacade): it imports the shared chunk, runs the same
 * initialisers in the same order and hands on the same exports, so each module is still
 * evaluated when and where it was. A facade no chunk still asks for is not written.
 */
export function noFacades(): Plugin {
  return {
    name: 'no-facades',
    apply: 'build',
    enforce: 'pre',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        )
        const removed = new Set<string>()
        for (const chunk of chunks) {
          const loaded = staticReach(chunk, bundle)
          for (const fileName of [...chunk.dynamicImports]) {
            const part = bundle[fileName]
            if (part?.type !== 'chunk' || part.moduleIds.length > 0) continue
            // All in one folder: each names the others by their files' names.
            const beside = (file: string) => posix.join(posix.dirname(fileName), file)
            const load = loadWithoutFacade(part.code, (file) => loaded.has(beside(file)))
            if (!load) continue
            const name = posix.basename(fileName)
            const imported = [`import(\`./${name}\`)`, `import("./${name}")`]
            if (!imported.some((text) => chunk.code.includes(text))) continue
            for (const text of imported) chunk.code = chunk.code.replaceAll(text, load.code)
            const host = beside(load.from)
            chunk.dynamicImports = chunk.dynamicImports.filter((file) => file !== fileName)
            // A chunk that imports itself (a module of its own) imports nothing new.
            if (host !== chunk.fileName && !chunk.dynamicImports.includes(host)) {
              chunk.dynamicImports.push(host)
            }
            removed.add(fileName)
          }
        }
        // Kept where a chunk still asks for it (one whose import was of another form).
        for (const fileName of removed) {
          const asked = chunks.some(
            (chunk) =>
              bundle[chunk.fileName] === chunk &&
              (chunk.imports.includes(fileName) || chunk.dynamicImports.includes(fileName)),
          )
          if (!asked) delete bundle[fileName]
        }
      },
    },
  }
}

/** The chunk's file and the files it imports, and what those import, and so on. */
function staticReach(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle) {
  const found = new Set<string>()
  const visit = (fileName: string) => {
    if (found.has(fileName)) return
    found.add(fileName)
    const output = bundle[fileName]
    if (output?.type === 'chunk') output.imports.forEach(visit)
  }
  visit(chunk.fileName)
  return found
}

/**
 * What a chunk's `import()` of a facade (`part`, its code) becomes: an `import()` of the one
 * chunk the facade takes names from, then the facade's initialisers, in order, and its exports
 * under their names. The facade may also import other chunks for their effect alone (their place
 * in the order of evaluation) when those are already `loaded` where the import is (the importing
 * chunk or one it imports). `undefined` for a part of any other shape, which is left as it is.
 */
export function loadWithoutFacade(
  part: string,
  loaded: (file: string) => boolean,
): { code: string; from: string } | undefined {
  let rest = part.replace(/^(?:\/\/[^\n]*\n)*/, '').trim()
  let from: string | undefined
  let imports = ''
  for (let found = IMPORT.exec(rest); found; found = IMPORT.exec(rest)) {
    const [statement, names, file = ''] = found
    rest = rest.slice(statement.length)
    if (names === undefined) {
      if (!loaded(file)) return undefined
      continue
    }
    // Names from two chunks: not one import().
    if (from !== undefined) return undefined
    from = file
    imports = names
  }
  const [, calls = '', exports, required] = TAIL.exec(rest) ?? []
  if (from === undefined || (exports === undefined && required === undefined)) return undefined
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
  const code = `import(\`./${from}\`).then((m)=>(${[...run, `{${namespace.join(',')}}`].join(',')}))`
  return { code, from }
}

/** `import"./chunk.js";` (for its effect) or `import{…}from"./chunk.js";`, as the build writes them. */
const IMPORT = /^import(?:\{([^}]*)\}from)?"\.\/([^"]+)";/
/** Then calls of initialisers, then `export{…};` or, for a CommonJS module, `export default wrapper();`. */
const TAIL = /^((?:[\w$]+\(\);)*)(?:export\{([^}]*)\}|export default ([\w$]+)\(\));?$/
