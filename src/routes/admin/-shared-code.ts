import { evaluateInSteps } from '@/lib/evaluate-in-steps'

/**
 * The code every member's screen shares beyond the app's start-up: the contract's checks (zod)
 * and the members contract (with the sign-in's and the access contracts it builds on), the API
 * client, the shared panels. The first screen's own code imports all of it: evaluated a part a
 * task (see evaluateInSteps), it was one task of 190 to 290 ms on a phone before.
 */
const SHARED_CODE = [
  () => import('@schemas/contract'),
  () => import('@schemas/auth'),
  () => import('@schemas/access'),
  () => import('@schemas/members'),
  () => import('@/api/members'),
  () => import('@/components/ui'),
]

export const evaluateSharedCode = () => evaluateInSteps(SHARED_CODE)

/**
 * The dashboard's own screen before the rest of its code (the earnings section, the level card,
 * the course to resume), each evaluated in a task of its own: together they were one task of
 * 125 ms on a low-end phone. The screen's panels' contracts (notes, events, leads) and its form
 * fields go first, a task each: the screen with them was still one of 130–160 ms.
 */
const DASHBOARD_CODE = [
  () => import('@/api/notes'),
  () => import('@/api/events'),
  () => import('@/api/leads'),
  () => import('@/components/form-fields'),
  () => import('@/features/dashboard/dashboard-screen'),
]

export const evaluateDashboardCode = () => evaluateInSteps(DASHBOARD_CODE)
