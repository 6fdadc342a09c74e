import { type Plugin } from 'vite'

/**
 * The entry starts the app in steps, each a dynamic import evaluated in a task of its own
 * (src/main.tsx). Without a hint the browser would fetch each step's chunks only when the step
 * before it has run: a waterfall on a slow network. Preloading them from index.html fetches
 * them all at once, while their evaluation still waits for its step.
 */
export function preloadStartSteps(): Plugin {
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
