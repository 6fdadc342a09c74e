import { coursesApi } from '@/api/courses'

/** The longest a lesson's read waits for its progress still on the way. */
const LONGEST_WAIT_MS = 5_000

/** Per lesson path, the progress sent and not yet answered. */
const onTheWay = new Map<string, Promise<void>>()

/**
 * Keeps a lesson's progress save until it settles: the lesson read again meanwhile (left, then
 * the dashboard's "Continue" pressed at once) waits for it, and opens where the member was.
 */
export function keepProgressSave(path: string, save: Promise<unknown>) {
  const settled = save.then(
    () => undefined,
    () => undefined,
  )
  const all = Promise.all([onTheWay.get(path), settled]).then(() => undefined)
  onTheWay.set(path, all)
  void all.then(() => {
    if (onTheWay.get(path) === all) onTheWay.delete(path)
  })
}

async function progressOnTheWay(path: string) {
  const saves = onTheWay.get(path)
  if (!saves) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const longest = new Promise((resolve) => (timer = setTimeout(resolve, LONGEST_WAIT_MS)))
  await Promise.race([saves, longest])
  clearTimeout(timer)
}

/** A lesson's query, read once the progress sent for it has been answered. */
export function lessonQuery(path: string) {
  return {
    ...coursesApi.lesson.queryOptions({ query: { path } }),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      await progressOnTheWay(path)
      return coursesApi.lesson.call({ query: { path } }, signal)
    },
  }
}
