import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { offlineCode } from './build/vite-plugins/offline-code.ts'
import { pagesAhead } from './build/vite-plugins/pages-ahead.ts'
import { aliases } from './build/vite-plugins/paths.ts'
import { precompress } from './build/vite-plugins/precompress.ts'
import { preloadInSteps } from './build/vite-plugins/preload-in-steps.ts'
import { preloadStartSteps } from './build/vite-plugins/preload-start-steps.ts'
import { pwa } from './build/vite-plugins/pwa.ts'
import { startChunk } from './build/vite-plugins/start-chunk.ts'

const start = startChunk()

// The build's own plugins are in build/vite-plugins/ (see build/README.md).
export default defineConfig({
  plugins: [
    preloadInSteps(),
    preloadStartSteps(),
    start.plugin,
    pagesAhead(),
    offlineCode(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    pwa(),
    precompress(),
  ],
  resolve: { alias: aliases },
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
        // V8's explicit compile hint, first line of every chunk: a chunk's functions are compiled
        // at once when it arrives (on a background thread where Chromium streams the script), not
        // each on the main thread when first called (a start-up step, a first render). A chunk is
        // fetched when its code is about to run, and runs most of it. The dashboard's blocking
        // after the first paint on a low-tier phone: 0.64× (bench:blocking). React's renderer is
        // still compiled on the main thread, in one task, and still gains: without the hint on
        // its chunk alone, 1.46×.
        postBanner: () => '//# allFunctionsCalledOnLoad',
        // Modules run in the order they are imported whatever chunk holds them.
        strictExecutionOrder: true,
        codeSplitting: {
          // zod in one chunk of its own: left to the automatic split, its helpers land in a
          // contract group's chunk, and loading a helper evaluates that whole group's schemas.
          // The start-up's code in one chunk (see startChunk).
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }, ...start.groups],
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
