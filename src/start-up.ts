/**
 * The code the app starts with, a part a task (src/main.tsx imports this module, then each part in
 * turn). The build puts this module and every module it imports into one chunk of their own
 * (build/vite-plugins/start-chunk.ts), so a part's import evaluates code already there instead of
 * asking for a file.
 */

/** React's renderer. */
export const loadRenderer = () => import('react-dom/client')

/**
 * Chakra, a part a task: its base preset, its slot recipes, the rest of its theme, its token
 * dictionary (as it was written down), the appearance store, its styling engine, and the system
 * built from them all.
 */
export const STYLING_CODE = [
  () => import('@chakra-ui/react/preset-base'),
  () => import('./theme/chakra-slot-recipes'),
  () => import('./theme/chakra-theme'),
  () => import('./theme/built-tokens'),
  () => import('./stores/appearance'),
  () => import('./theme/create-system'),
  () => import('./theme/system'),
]

/**
 * The app's own start-up code, a part a task: the query client, the router's code (with the root
 * route), the tree of routes (every route's guard); the app itself (loadApp) comes after them.
 */
export const APP_CODE = [
  () => import('./lib/query-client'),
  () => import('./routes/__root'),
  () => import('./routeTree.gen'),
]

/** The app: its router, its QueryClient and its providers. */
export const loadApp = () => import('./app')
