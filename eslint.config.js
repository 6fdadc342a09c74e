import { dirname, relative, resolve } from 'node:path'

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = import.meta.dirname

/**
 * The server's layers and what each may import: a route handler calls services and repos; a
 * plugin (the HTTP wiring) uses services; a service uses repos and the database; a repo the
 * database; `shared/` (with errors.ts and config.ts) is plain code any layer may use and that
 * uses no layer. The entries (app.ts, server.ts, cli.ts, start.ts, build.ts) put them together.
 */
const SERVER_LAYERS = {
  routes: ['routes', 'plugins', 'services', 'repos', 'db', 'shared'],
  plugins: ['plugins', 'services', 'shared'],
  services: ['services', 'repos', 'db', 'shared'],
  repos: ['repos', 'db', 'shared'],
  db: ['db', 'shared'],
  shared: ['shared'],
}

/** The import prefixes of tsconfig.json's `paths`, and the folder each stands for. */
const ALIASES = [
  ['@/', 'src'],
  ['@schemas/', 'api-schemas'],
]

/** A server file's layer, `entry` for the files that put the layers together. */
function serverLayer(path) {
  const layer = path.match(/^server\/(routes|plugins|services|repos|db|shared)\//)?.[1]
  if (layer) return layer
  if (/^server\/(errors|config)(\.ts)?$/.test(path)) return 'shared'
  return /^server\/[^/]+$/.test(path) ? 'entry' : undefined
}

/**
 * The import rules of the design, checked on resolved paths:
 * src/ and server/ never import each other; api-schemas/ imports zod and itself only;
 * a feature never imports another feature; shared code (components, lib, stores, api, theme)
 * never imports features or routes; the server's layers import only what SERVER_LAYERS allows.
 */
const layering = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = relative(root, context.filename)
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string') return
      const report = (message) => context.report({ node: node.source, message })
      const aliased = ALIASES.find(([prefix]) => spec.startsWith(prefix))
      if (!spec.startsWith('.') && !aliased) {
        // The contract and the app reach the browser: zod/mini, which bundles only what is used.
        if (file.startsWith('api-schemas/') && spec !== 'zod/mini') {
          report('api-schemas/ imports zod/mini only')
        }
        if (file.startsWith('src/') && spec === 'zod') report('src/ imports zod/mini, not zod')
        return
      }
      const target = aliased
        ? `${aliased[1]}/${spec.slice(aliased[0].length)}`
        : relative(root, resolve(dirname(context.filename), spec))
      const top = (p) => p.split('/')[0]
      if (spec.startsWith('../') && top(target) !== top(file)) {
        if (top(target) === 'src') report(`import src/ through its alias: '@/…'`)
        if (top(target) === 'api-schemas')
          report(`import the contract through its alias: '@schemas/…'`)
      }
      if (top(file) === 'src' && top(target) === 'server') report('src/ must not import server/')
      if (top(file) === 'server' && top(target) === 'src') report('server/ must not import src/')
      if (top(file) === 'api-schemas' && top(target) !== 'api-schemas') {
        report('api-schemas/ imports zod and itself only')
      }
      const feature = (p) => p.match(/^src\/features\/([^/]+)/)?.[1]
      if (feature(file) && feature(target) && feature(file) !== feature(target)) {
        report(`a feature must not import another feature (${feature(target)})`)
      }
      const from = serverLayer(file)
      const to = serverLayer(target)
      if (from && from !== 'entry' && to && !SERVER_LAYERS[from].includes(to)) {
        report(
          to === 'entry'
            ? `server/${from}/ must not import an entry file`
            : `server/${from}/ may import ${SERVER_LAYERS[from].join(', ')}, not ${to}`,
        )
      }
      const shared = /^src\/(components|lib|stores|api|theme)\//
      if (shared.test(file) && /^src\/(features|routes)\//.test(target)) {
        report('shared code must not import features or routes')
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'coverage',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local: { rules: { layering } } },
    rules: {
      'local/layering': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // An answer drawn in one go holds a phone's main thread: the app's queries go through its
    // own useQuery, which draws answers in renders React may pause.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/lib/use-deferred-query.ts',
      'src/lib/use-deferred-infinite-query.ts',
      'src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useInfiniteQuery'],
              message:
                "Use useQuery from '@/lib/use-deferred-query' (useInfiniteQuery: '@/lib/use-deferred-infinite-query').",
            },
          ],
        },
      ],
    },
  },
  {
    // The browser evaluates the contract on every screen's start: nothing in it may load the
    // locale data (tens of milliseconds on a phone) when its file is evaluated.
    files: ['api-schemas/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleString', message: 'Write numbers with withThousands (contract.ts).' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Intl', message: 'The contract formats nothing with Intl: see withThousands.' },
      ],
    },
  },
)
