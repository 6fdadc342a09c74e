/**
 * The sign-in forms' calls and the contract's checks of their fields. The forms load this on
 * first focus instead of with the page, so the sign-in page paints and answers input without
 * the contract's schemas or the HTTP client; a submit waits for it if it is not there yet.
 */
export { auth } from '@schemas/auth'
export { authApi } from '@/api/auth'
export { bodySchemaOf } from '@/api/create-api'
export { startSession } from '@/lib/start-session'
