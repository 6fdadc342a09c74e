import { resolve } from 'node:path'

import { type Plugin } from 'vite'

import { root } from './paths.ts'

/**
 * The screens a member reads without a connection (tests/e2e/offline.spec.ts): the service
 * worker precaches their code at install. Every other screen's code is kept once the member has
 * opened it (the worker's 'app-code' cache); one never opened says, offline, that it needs a
 * connection. Files under src/routes.
 */
export const OFFLINE_ROUTES = [
  'admin/route.tsx',
  'admin/dashboard.tsx',
  'admin/notes.tsx',
  'admin/logout.tsx',
  // The courses' overviews, lessons and chapters, which "Keep this course offline" keeps.
  'admin/dgtraining.tsx',
  'admin/training/welcome.tsx',
  'admin/training/$module/$lesson.tsx',
  'admin/bonus/index.tsx',
  'admin/bonus/20ways.tsx',
  'admin/bonus/realworld/$chapter.tsx',
  'admin/bonus/sidehustle/$chapter.tsx',
  'admin/digistore/training.tsx',
  'admin/digistore/$step.tsx',
  // A thread read online, and its reply written offline.
  'admin/community/$postId.tsx',
  // Signing out offline ends on the sign-in page.
  'auth/route.tsx',
  'auth/login/index.tsx',
]

/** The files the worker precaches of the app's scripts, set by `offlineCode` as the build writes them. */
export const offlineScripts = new Set<string>()

/**
 * Works out which of the build's scripts the worker precaches: the app's start (index.html's
 * scripts and what they load, dynamically too, short of another route's screen) and the
 * screens of OFFLINE_ROUTES with everything they load. Precaching every script made a first
 * visit fetch, store and compile 2.7 MB (884 KiB as sent) of screens the member may never open.
 */
export function offlineCode(): Plugin {
  return {
    name: 'offline-code',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (!index || index.type !== 'asset') return
      offlineScripts.clear()
      const isRoute = (fileName: string) => {
        const chunk = bundle[fileName]
        return chunk?.type === 'chunk' && Boolean(chunk.facadeModuleId?.includes('?tsr-split='))
      }
      const visit = (fileName: string) => {
        const chunk = bundle[fileName]
        if (offlineScripts.has(fileName) || chunk?.type !== 'chunk') return
        offlineScripts.add(fileName)
        chunk.imports.forEach(visit)
        chunk.dynamicImports.filter((file) => !isRoute(file)).forEach(visit)
      }
      for (const [, file] of String(index.source).matchAll(
        /<(?:link|script)[^>]+(?:href|src)="\/([^"]+\.js)"/g,
      ))
        visit(file!)
      for (const route of OFFLINE_ROUTES) {
        const id = resolve(root, 'src/routes', route)
        const chunk = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.startsWith(`${id}?tsr-split=`),
        )
        if (!chunk) this.error(`no chunk holds the component of ${route}`)
        visit(chunk.fileName)
      }
    },
  }
}
