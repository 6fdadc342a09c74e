/**
 * Fetches code (or data) ahead of its use, quietly: a prefetch that fails (offline, a deploy in
 * between) is no error. It is asked for again where it is used, and a failure there shows on
 * screen.
 */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => undefined)
}
