import { availableParallelism } from 'node:os'

import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

import { aliases } from './build/vite-plugins/paths.ts'

/**
 * Files that replace a module with `vi.mock` run each in a fresh module graph: in a shared one the
 * module may already be loaded by an earlier file, and the stand-in would not take its place.
 */
// Files run apart, each with modules of its own: the two that replace a module with vi.mock, and
// the sign-out test, which drives Chakra's account menu: a dialog another file left open when its
// screen was taken away stays in Zag's stack of layers (module state), and the menu's items then
// stop answering.
const mockingFiles = [
  'tests/client/earnings-dashboard.test.tsx',
  'src/lib/query-client.test.ts',
  'tests/client/session.test.tsx',
]

const clientProject = {
  // The router plugin writes src/routeTree.gen.ts, so the real route tree is tested.
  resolve: { alias: aliases },
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['tests/client/setup.ts'],
    // A test may hold several waits of up to 15 s each (tests/client/setup.ts).
    testTimeout: 90_000,
  },
}

// A test file shares its worker's loaded modules with the files before it (isolate: false):
// importing the app and the server once per worker instead of once per file halves the run.
// What a file changes is undone by tests/client/setup.ts and each server file's own database.
// Every core runs test files (Vitest's own default leaves one free, which on two cores is half).
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'server/**/*.test.ts',
            'api-schemas/**/*.test.ts',
            'build/**/*.test.ts',
          ],
          globalSetup: ['tests/server/global-setup.ts'],
          isolate: false,
          // Limits tell a hung test from a busy machine: two suites and a browser on two cores
          // took correct tests past 30 s. A passing test is not slowed by them.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        ...clientProject,
        test: {
          ...clientProject.test,
          name: 'client',
          setupFiles: [...clientProject.test.setupFiles, 'tests/client/preload-screens.ts'],
          include: ['tests/client/**/*.test.tsx', 'src/**/*.test.{ts,tsx}'],
          exclude: mockingFiles,
          isolate: false,
        },
      },
      {
        ...clientProject,
        test: { ...clientProject.test, name: 'client-mocks', include: mockingFiles },
      },
    ],
  },
})
