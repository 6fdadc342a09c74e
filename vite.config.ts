import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import type { SystemContext } from '@chakra-ui/react'
import { serializeStyles } from '@emotion/serialize'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { compile, middleware, prefixer, serialize, stringify } from 'stylis'
import { tsImport } from 'tsx/esm/api'
import { type Plugin, defineConfig } from 'vite'

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> =>
        (
          await Promise.all(
            (await readdir(dir, { withFileTypes: true })).map((entry) =>
              entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
            ),
          )
        ).flat()
      for (const file of await walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || (await stat(file)).size < 1024)
          continue
        const content = await readFile(file)
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

const chakraEsm = resolve(import.meta.dirname, 'node_modules/@chakra-ui/react/dist/esm')

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
function chakraUsedRecipes(): Plugin {
  let keys = new Set<string>()
  const themeIndex = join(chakraEsm, 'theme', 'index.js')
  return {
    name: 'chakra-used-recipes',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      keys = usedRecipeKeys(resolve(import.meta.dirname, 'src'))
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

/**
 * Chakra's global CSS — the reset, the app's global styles and a CSS variable for every token,
 * about 38 KB — is built at start from the theme, serialised by Emotion and inserted rule by rule:
 * a large share of a phone's start-up. It depends only on the theme, so the build writes it once
 * as a stylesheet linked from index.html, and the built app's system skips it. Tests and the
 * development server keep Chakra's own way.
 */
function chakraStaticGlobalCss(): Plugin {
  const systemFile = join(chakraEsm, 'styled-system', 'system.js')
  const atStart = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];'
  let fileName = ''
  let css = ''
  return {
    name: 'chakra-static-global-css',
    apply: 'build',
    async buildStart() {
      const { system } = (await tsImport(
        resolve(import.meta.dirname, 'src/theme/system.ts'),
        import.meta.url,
      )) as { system: SystemContext }
      const styles = serializeStyles([system._global as never]).styles
      // The layer order first, as Chakra declares it, then the rules as Emotion would write them.
      css = `${system.layers.atRule}\n${serialize(compile(styles), middleware([prefixer, stringify]))}`
      const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8)
      fileName = `assets/chakra-global-${hash}.css`
    },
    transform(code, id) {
      if (id !== systemFile) return null
      if (!code.includes(atStart)) {
        this.error('Chakra no longer builds its global CSS as expected: update this plugin')
      }
      // The same line, shorter: the mappings of everything else stay as they are.
      return { code: code.replace(atStart, 'const _global = [];'), map: null }
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css })
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' },
    ],
  }
}

/**
 * The entry starts the app in steps, each a dynamic import evaluated in a task of its own
 * (src/main.tsx). Without a hint the browser would fetch each step's chunks only when the step
 * before it has run: a waterfall on a slow network. Preloading them from index.html fetches
 * them all at once, while their evaluation still waits for its step.
 */
function preloadStartSteps(): Plugin {
  return {
    name: 'preload-start-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle
        const entry = ctx.chunk
        if (!bundle || !entry || entry.type !== 'chunk') return []
        const files = new Set<string>()
        const visit = (fileName: string) => {
          if (files.has(fileName) || entry.imports.includes(fileName)) return
          const chunk = bundle[fileName]
          if (!chunk || chunk.type !== 'chunk') return
          files.add(fileName)
          chunk.imports.forEach(visit)
        }
        entry.dynamicImports.forEach(visit)
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

export default defineConfig({
  plugins: [
    chakraUsedRecipes(),
    chakraStaticGlobalCss(),
    preloadStartSteps(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    precompress(),
  ],
  server: {
    // '/api/' with the slash: '/api' alone would also catch /api-schemas/ source files.
    proxy: { '/api/': 'http://localhost:3000' },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod in one chunk of its own: left to the automatic split, its helpers land in a
          // contract group's chunk, and loading a helper evaluates that whole group's schemas.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
})
