import { resolve } from 'node:path'

/** The repository's root, where vite.config.ts, src/ and node_modules/ are. */
export const root = resolve(import.meta.dirname, '../..')

/**
 * The repository's two import prefixes, as in tsconfig.json's `paths`: `@/` for src/ and
 * `@schemas/` for api-schemas/ (the contract). Vite, Vitest and the build's prerender use these.
 */
export const aliases = [
  { find: /^@\//, replacement: `${resolve(root, 'src')}/` },
  { find: /^@schemas\//, replacement: `${resolve(root, 'api-schemas')}/` },
]
