import { resolve } from 'node:path'

import react from '@vitejs/plugin-react'
import { createServer, type Plugin } from 'vite'

// Vite loads its configuration's plugins without the project's aliases: the app's module by path.
// eslint-disable-next-line local/layering
import { PRERENDERED_STYLES } from '../../src/theme/prerendered-styles.ts'
import { aliases, root } from './paths.ts'

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
  /**
   * Its query changes nothing of its first screen, so the page's index.html answers its address
   * with any query too (listed in `pages/any-query.json` for the server).
   */
  anyQuery?: true
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
    // The earnings period and product search (?year=2026&month=3&search=…) show in its data only.
    anyQuery: true,
  },
]

export function pagesAhead(): Plugin {
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
        const id = resolve(root, 'src/routes', route)
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
        root,
        plugins: [react()],
        resolve: { alias: aliases },
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
            const rendered = (await prerender(page.path, page.prerender))
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
            const { markup, styles } = hoistStyles(rendered)
            const title = page.title ?? /<h1[^>]*>([^<]+)<\/h1>/.exec(markup)?.[1]
            if (!title) this.error(`${page.path} rendered no heading: ${markup.slice(0, 200)}`)
            html = html
              // The screen paints from the HTML and CSS alone: the scripts, which only replace
              // it, must not take the connection from the stylesheet and fonts first. They are
              // listed, and fetched when the app starts (src/lib/prerendered.ts): on a visitor's
              // page, which is read and filled in without them, at the visitor's first act; on
              // a member's, once the screen has painted.
              .replaceAll('<link rel="modulepreload"', '<link data-fetch-at-start=""')
              .replace(/<title>[^<]*<\/title>/, `<title>${title} · Members Area</title>`)
              .replace('</head>', `${styles}</head>`)
              .replace(
                '<div id="root">',
                `<div id="root"><div class="prerendered" data-prerendered="${page.prerender}">${markup}</div>`,
              )
          }
          this.emitFile({ type: 'asset', fileName: `pages${page.path}.html`, source: html })
        }
        this.emitFile({
          type: 'asset',
          fileName: 'pages/any-query.json',
          source: JSON.stringify(PAGES.filter((page) => page.anyQuery).map((page) => page.path)),
        })
      } finally {
        await server.close()
      }
    },
  }
}

/**
 * The screen's styles, which React writes as a `<style data-emotion>` element before each
 * element that first uses them, gathered in their order into one element for the head, under an
 * attribute of its own. Emotion's cache, made when the app's code runs, moves every
 * `data-emotion` element it finds into the head, even one already there: some fifty moves from
 * the body, or the one, each a stylesheet removed and added, made the browser recalculate the
 * whole page's styles (over 100 ms on a low-end phone). This one stays where it is; the app
 * tells Emotion the names of the styles it holds (src/theme/emotion-cache.ts,
 * adoptPrerenderedStyles), so its renders do not insert them again.
 */
export function hoistStyles(rendered: string) {
  const names: string[] = []
  const rules: string[] = []
  const markup = rendered.replace(
    /<style data-emotion="css ([^"]*)">([^<]*)<\/style>/g,
    (_tag, styleNames: string, css: string) => {
      names.push(styleNames)
      rules.push(css)
      return ''
    },
  )
  const styles = names.length
    ? `<style ${PRERENDERED_STYLES}="${names.join(' ')}">${rules.join('')}</style>`
    : ''
  return { markup, styles }
}
