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
import { type Plugin, createServer, defineConfig } from 'vite'

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
 * Chakra's preset module builds a whole system of its own, `defaultSystem`, as soon as it is
 * imported — the app never uses it, as it builds its own (src/theme/system.ts), but a phone
 * spent some 100 ms of start-up on it. Marked pure, the unused call is left out of the build.
 */
function chakraNoDefaultSystem(): Plugin {
  const presetFile = join(chakraEsm, 'preset.js')
  const call = 'const defaultSystem = createSystem(defaultConfig);'
  return {
    name: 'chakra-no-default-system',
    apply: 'build',
    transform(code, id) {
      if (id !== presetFile) return null
      if (!code.includes(call)) {
        this.error('Chakra no longer builds its default system as expected: update this plugin')
      }
      return {
        code: code.replace(
          call,
          'const defaultSystem = /* @__PURE__ */ createSystem(defaultConfig);',
        ),
        map: null,
      }
    },
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

/**
 * Pages a visitor opens straight from a link or bookmark get an index.html of their own, which
 * the server answers their exact address with (`pages/auth/login.html` for /auth/login):
 * - it preloads the code of the page's routes with the app's, instead of the app asking for it
 *   only once it runs and has matched the address;
 * - it holds the page's first screen, rendered at build time: a public page's form, or the
 *   dashboard's layout, headings and placeholders as any member sees them before their data
 *   arrives. It paints with the HTML and CSS, before any script has loaded, and the app's first
 *   render replaces it. index.html's styles show it only to the visitors it was drawn for.
 * `routes` are the files under src/routes whose components the page shows.
 */
const PAGES: {
  path: string
  routes: string[]
  /** Whom the page's first screen is rendered for, if it is rendered (see src/prerender.tsx). */
  prerender: 'signed-out' | 'signed-in' | false
  /** The document title, when it is not the page's heading. */
  title?: string
}[] = [
  {
    path: '/auth/login',
    routes: ['auth/route.tsx', 'auth/login/index.tsx'],
    prerender: 'signed-out',
  },
  {
    path: '/auth/forgot-password',
    routes: ['auth/route.tsx', 'auth/forgot-password.tsx'],
    prerender: 'signed-out',
  },
  {
    path: '/auth/maintenance',
    routes: ['auth/route.tsx', 'auth/maintenance.tsx'],
    prerender: 'signed-out',
  },
  { path: '/auth/404', routes: ['auth/route.tsx', 'auth/404.tsx'], prerender: 'signed-out' },
  {
    path: '/admin/dashboard',
    routes: ['admin/route.tsx', 'admin/dashboard.tsx'],
    prerender: 'signed-in',
    title: 'Dashboard',
  },
]

function pagesAhead(): Plugin {
  return {
    name: 'pages-ahead',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (!index || index.type !== 'asset') return
      const template = String(index.source)
      const preloaded = new Set(
        [...template.matchAll(/<(?:link|script)[^>]+(?:href|src)="\/([^"]+\.js)"/g)].map(
          (m) => m[1],
        ),
      )
      /** The chunk of a route file's component and every chunk it imports, less index.html's. */
      const chunksOf = (route: string) => {
        const id = resolve(import.meta.dirname, 'src/routes', route)
        const chunk = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.startsWith(`${id}?tsr-split=`),
        )
        if (!chunk || chunk.type !== 'chunk') this.error(`no chunk holds the component of ${route}`)
        const files = new Set<string>()
        const visit = (fileName: string) => {
          const output = bundle[fileName]
          if (files.has(fileName) || preloaded.has(fileName) || output?.type !== 'chunk') return
          files.add(fileName)
          output.imports.forEach(visit)
        }
        visit(chunk.fileName)
        return [...files]
      }
      // The app's own modules, rendered by Vite for Node, without this build's plugins.
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
      })
      try {
        const { prerender } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          prerender: (path: string, viewer: 'signed-out' | 'signed-in') => Promise<string>
        }
        for (const page of PAGES) {
          const links = [...new Set(page.routes.flatMap(chunksOf))]
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('')
          let html = template.replace('</head>', `${links}</head>`)
          if (page.prerender) {
            const markup = (await prerender(page.path, page.prerender))
              // Chakra's global styles are in the linked stylesheet already.
              .replace(/<style data-emotion="css-global[^"]*">[^<]*<\/style>/g, '')
              // Nothing submits before the entry script runs: a press of Enter would otherwise
              // send the form's fields in the address. The script enables the button and holds
              // what is sent for the app (src/lib/prerendered.ts).
              .replace(
                /<button type="submit"/g,
                '<button type="submit" disabled="" data-until-script=""',
              )
              // A member's page: its buttons (menu, search, appearance) work once the app runs.
              .replace(/<button /g, (tag) =>
                page.prerender === 'signed-in' ? '<button disabled="" ' : tag,
              )
            const title = page.title ?? /<h1[^>]*>([^<]+)<\/h1>/.exec(markup)?.[1]
            if (!title) this.error(`${page.path} rendered no heading: ${markup.slice(0, 200)}`)
            html = html
              // The screen paints from the HTML and CSS alone: the scripts, which only replace
              // it, must not take the connection from the stylesheet first. A visitor's page is
              // read and filled in without them: they are listed, and fetched when the app
              // starts, at the visitor's first act (src/lib/prerendered.ts).
              .replaceAll(
                '<link rel="modulepreload"',
                page.prerender === 'signed-out'
                  ? '<link data-fetch-at-start=""'
                  : '<link rel="modulepreload" fetchpriority="low"',
              )
              .replace(/<title>[^<]*<\/title>/, `<title>${title} · Members Area</title>`)
              .replace(
                '<div id="root">',
                `<div id="root"><div class="prerendered" data-prerendered="${page.prerender}">${markup}</div>`,
              )
          }
          this.emitFile({ type: 'asset', fileName: `pages${page.path}.html`, source: html })
        }
      } finally {
        await server.close()
      }
    },
  }
}

export default defineConfig({
  plugins: [
    chakraUsedRecipes(),
    chakraStaticGlobalCss(),
    chakraNoDefaultSystem(),
    preloadStartSteps(),
    pagesAhead(),
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
      // Required by inlining common chunks: no entry's exports are read from outside.
      preserveEntrySignatures: false,
      output: {
        format: 'es',
        // Modules run in the order they are imported whatever chunk holds them.
        strictExecutionOrder: true,
        codeSplitting: {
          // zod in one chunk of its own: left to the automatic split, its helpers land in a
          // contract group's chunk, and loading a helper evaluates that whole group's schemas.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
          // The automatic split leaves dozens of chunks of a few hundred bytes each (~75 on the
          // sign-in page), and on a slow network every request costs a round trip. Those under
          // 10 KB are copied into the chunks that use them instead; one runtime keeps their
          // state shared. About a third of the requests remain, for some 13 % more bytes in
          // all, read later and once.
          experimentalInlineCommonChunks: { maxSize: 10 * 1024 },
        },
      },
    },
  },
})
