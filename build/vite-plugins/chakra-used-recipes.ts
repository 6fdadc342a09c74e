import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

import { type Plugin } from 'vite'

import { chakraEsm, root } from './paths.ts'

/** Every .ts/.tsx file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * The recipe keys the app's Chakra components use: each name imported from '@chakra-ui/react'
 * in src/ is traced to its component folder in the package, whose files name their recipe
 * (`createRecipeContext({ key: "button" })`, `useRecipe({ key: … })`).
 */
function usedRecipeKeys(srcDir: string): Set<string> {
  const index = readFileSync(join(chakraEsm, 'index.js'), 'utf8')
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '(\.\/[^']+)'/g)].map((m) => [m[1]!, m[2]!]),
  )
  const moduleOf = new Map<string, string>()
  for (const [, names, from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of names!.split(',')) {
      const [local, exported] = part.trim().split(/\s+as\s+/)
      const path = from ?? namespaces.get(local!)
      if (path && path.startsWith('./components/')) moduleOf.set((exported ?? local)!, path)
    }
  }
  const keys = new Set(['icon']) // icons appear inside many components
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8')
    for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of names!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)[0]!
        const path = moduleOf.get(name)
        if (!path) continue
        const folder = dirname(join(chakraEsm, path))
        for (const sibling of readdirSync(folder).filter((f) => f.endsWith('.js'))) {
          const code = readFileSync(join(folder, sibling), 'utf8')
          for (const [, key] of code.matchAll(/key: "([A-Za-z]+)"/g)) keys.add(key!)
        }
      }
    }
  }
  return keys
}

/**
 * Chakra's theme brings the recipes of all ~75 components; in the build only those of the
 * components the app uses are kept, which takes about a sixth off the first chunk.
 */
export function chakraUsedRecipes(): Plugin {
  let keys = new Set<string>()
  const themeIndex = join(chakraEsm, 'theme', 'index.js')
  return {
    name: 'chakra-used-recipes',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      keys = usedRecipeKeys(join(root, 'src'))
    },
    resolveId(source, importer) {
      if (importer !== themeIndex) return null
      if (source === './recipes.js') return '\0chakra-recipes'
      if (source === './slot-recipes.js') return '\0chakra-slot-recipes'
      return null
    },
    load(id) {
      const file = { '\0chakra-recipes': 'recipes.js', '\0chakra-slot-recipes': 'slot-recipes.js' }[
        id
      ]
      if (!file) return null
      const original = readFileSync(join(chakraEsm, 'theme', file), 'utf8')
      const entries = [...original.matchAll(/^ {2}(\w+): (\w+),?$/gm)].filter(([, key]) =>
        keys.has(key!),
      )
      const imports = entries.map(([, , name]) => {
        const line = original.match(new RegExp(`import \\{ ${name} \\} from '([^']+)'`))
        return `import { ${name} } from ${JSON.stringify(join(chakraEsm, 'theme', line![1]!))}`
      })
      const name = file === 'recipes.js' ? 'recipes' : 'slotRecipes'
      return `${imports.join('\n')}\nexport const ${name} = { ${entries
        .map(([, key, value]) => `${key}: ${value}`)
        .join(', ')} }\n`
    },
  }
}
