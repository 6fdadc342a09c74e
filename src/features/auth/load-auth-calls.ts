/** The sign-in forms' calls, loaded on first use (see auth-calls.ts). */
export const loadAuthCalls = () => import('./auth-calls')
