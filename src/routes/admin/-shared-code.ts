import { nextTask } from '@/lib/next-task'

let evaluated: Promise<void> | undefined

/**
 * The code every member's screen shares beyond the app's start-up: the contract's checks (zod)
 * and the members contract, the API client, the shared panels. The first screen's own code
 * imports all of it, and a module graph is evaluated in one task when it has arrived: on a phone
 * that was one task of 190 to 290 ms before any screen could draw. Imported here first, one part
 * a task, each is evaluated in a shorter task of its own, with the browser free to paint and
 * answer input between them. Only modules whose every export the app uses are imported so: a
 * module imported whole is kept whole by the build (zod itself would come with all its locales).
 * Once per page load, in the built app (the development server and the tests load modules as
 * they come). A part that fails to arrive is left to the screen's own import, which reports it.
 */
export function evaluateSharedCode(): Promise<void> | undefined {
  if (!import.meta.env.PROD) return undefined
  evaluated ??= (async () => {
    await import('@schemas/contract')
    await nextTask()
    await import('@schemas/members')
    await nextTask()
    await import('@/api/members')
    await nextTask()
    await import('@/components/ui')
    await nextTask()
  })().catch(() => undefined)
  return evaluated
}
