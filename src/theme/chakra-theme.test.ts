import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

import { recipes, slotRecipes } from '@chakra-ui/react/theme'
import { describe, expect, it } from 'vitest'

import { chakraTheme } from './chakra-theme'

const root = resolve(import.meta.dirname, '../..')
const chakraEsm = join(root, 'node_modules/@chakra-ui/react/dist/esm')

/** Every .ts/.tsx file under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * The recipe keys of the Chakra components src/ imports: each name imported from
 * '@chakra-ui/react' is traced to its component's folder in the package, whose files name their
 * recipe (`createRecipeContext({ key: "button" })`, `useRecipe({ key: … })`).
 */
function usedRecipeKeys(): Set<string> {
  const index = readFileSync(join(chakraEsm, 'index.js'), 'utf8')
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '(\.\/[^']+)'/g)].map((m) => [m[1]!, m[2]!]),
  )
  const moduleOf = new Map<string, string>()
  for (const [, names, from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of names!.split(',')) {
      const [local, exported] = part.trim().split(/\s+as\s+/)
      const path = from ?? namespaces.get(local!)
      if (path?.startsWith('./components/')) moduleOf.set((exported ?? local)!, path)
    }
  }
  const keys = new Set(['icon']) // an icon is drawn inside many components
  for (const file of sourceFiles(join(root, 'src'))) {
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

describe("the app's Chakra theme", () => {
  it('has the recipe of every Chakra component the app uses, and no other', () => {
    const listed = new Set([
      ...Object.keys(chakraTheme.theme?.recipes ?? {}),
      ...Object.keys(chakraTheme.theme?.slotRecipes ?? {}),
    ])
    // Of the keys the components name, those Chakra's theme has a recipe for.
    const themed = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)])
    const used = [...usedRecipeKeys()].filter((key) => themed.has(key))
    expect([...listed].sort()).toEqual(used.sort())
  })

  it('is written down in src/theme/generated/ as it now stands (npm run theme:generate)', () => {
    // In a process of its own: it builds Chakra's system from the token trees (see the script).
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'build/generate-theme.ts', '--check'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
    expect(out).toContain('is what the theme gives')
  })

  it('declares no variable on every element: Chakra’s defaults are inherited from html', () => {
    const css = readFileSync(join(root, 'src/theme/generated/chakra-global.css'), 'utf8')
    const everyElement = [...css.matchAll(/(?:^|[}\s])\*\{([^}]*)\}/g)].map((m) => m[1]!)
    expect(everyElement.length).toBeGreaterThan(0)
    for (const declarations of everyElement) expect(declarations).not.toMatch(/(^|;)--/)
    expect(css).toMatch(
      /html\{--ring-inset:[^}]*--global-color-border:var\(--chakra-colors-border\)/,
    )
  })
})
