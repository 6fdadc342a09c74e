/** Gives the main thread back to the browser: it paints and handles input before going on. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Resolves once the browser has painted the next frame: work that can come a frame later (a
 * save's request, a toast) waits for it, so what the member's press changed is on screen
 * first. A tab in the background paints nothing, and does not wait.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve()
    const done = () => {
      document.removeEventListener('visibilitychange', done)
      resolve()
    }
    document.addEventListener('visibilitychange', done)
    // A frame's callbacks run before it paints; a task they queue runs after.
    requestAnimationFrame(() => setTimeout(done, 0))
  })
}
