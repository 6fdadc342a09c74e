import { evaluateInSteps } from '@/lib/evaluate-in-steps'

/**
 * The code every member's screen shares beyond the app's start-up: the contract's checks (zod)
 * and the members contract, the API client, the shared panels. The first screen's own code
 * imports all of it: evaluated a part a task (see evaluateInSteps), it was one task of 190 to
 * 290 ms on a phone before.
 */
const SHARED_CODE = [
  () => import('@schemas/contract'),
  () => import('@schemas/members'),
  () => import('@/api/members'),
  () => import('@/components/ui'),
]

export const evaluateSharedCode = () => evaluateInSteps(SHARED_CODE)

/**
 * The dashboard's own code beyond the shared code, a part a task: the contracts of the panels it
 * draws, then the panels (a screen of them, with the contracts, was one task of 125 ms on a
 * low-end phone).
 */
const DASHBOARD_CODE = [
  () => import('@/api/notes'),
  () => import('@/api/events'),
  () => import('@/api/leads'),
  () => import('@/api/momentum'),
  () => import('@/features/dashboard/dashboard-screen'),
  () => import('@/features/earnings/earnings-section'),
]

export const evaluateDashboardCode = () => evaluateInSteps(DASHBOARD_CODE)
