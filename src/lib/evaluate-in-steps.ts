import { nextTask } from './next-task'

/**
 * Evaluates a screen's modules one part a task. A module graph is evaluated in one task once it
 * has arrived: a screen's code, with the contract's checks (zod) and every panel it draws, held a
 * low-end phone's main thread for over 100 ms before anything could draw. Imported here first,
 * in order, one part a task, each part is evaluated in a shorter task of its own, with the
 * browser free to paint and answer input between them, and the screen's own import finds them
 * evaluated. Only modules whose every export the app uses are imported so: a module imported
 * whole is kept whole by the build (zod itself would come with all its locales).
 *
 * Once per page load for each `parts` list, in the built app (the development server and the
 * tests load modules as they come). A part that fails to arrive is left to the screen's own
 * import, which reports it. `step` waits between two parts (the next task, by default).
 */
export function evaluateInSteps(
  parts: readonly (() => Promise<unknown>)[],
  step: () => Promise<void> = nextTask,
): Promise<void> | undefined {
  if (!import.meta.env.PROD) return undefined
  let evaluated = started.get(parts)
  if (!evaluated) {
    evaluated = (async () => {
      for (const part of parts) {
        await part()
        await step()
      }
    })().catch(() => undefined)
    started.set(parts, evaluated)
  }
  return evaluated
}

const started = new WeakMap<readonly (() => Promise<unknown>)[], Promise<void>>()
