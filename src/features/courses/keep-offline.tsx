import { Button, HStack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'

import { OFFLINE_COPY_HEADER, type Course, type Lesson } from '@schemas/courses'
import { coursesApi } from '@/api/courses'
import { isApiError } from '@/lib/api-error'
import { KEPT_LESSONS_KEY, keptLessonPaths } from '@/lib/offline-caches'

/**
 * Whether this page is served by the app's service worker, which keeps every lesson answer it
 * passes on: fetching a lesson is then keeping it for reading offline.
 */
const workerKeeps = () =>
  typeof caches !== 'undefined' && Boolean(globalThis.navigator?.serviceWorker?.controller)

/**
 * `workerKeeps`, followed: on a first visit the worker takes the page a moment after it opened
 * (once the app registered it), and the course overview shown first then offers to keep it.
 */
function useWorkerKeeps() {
  return useSyncExternalStore(
    (changed) => {
      const workers = globalThis.navigator?.serviceWorker
      workers?.addEventListener('controllerchange', changed)
      return () => workers?.removeEventListener('controllerchange', changed)
    },
    workerKeeps,
    () => false,
  )
}

/** Fetches a lesson for the worker to keep, without recording it as opened. */
const keepLesson = (path: string) =>
  coursesApi.lesson.call({ query: { path } }, undefined, { [OFFLINE_COPY_HEADER]: '1' })

/** The worker stores an answer just after handing it over: waits (a few seconds at most) for it. */
async function untilKept(paths: string[]) {
  for (let tries = 0; tries < 20; tries++) {
    const kept = await keptLessonPaths()
    if (paths.every((path) => kept.has(path))) return
    await new Promise((done) => setTimeout(done, 150))
  }
}

/**
 * "Keep this course offline": fetches every lesson of the course the member may open and has
 * not kept yet, so the whole course reads without a connection. Locked and drip lessons are
 * refused by the server and so never kept. Shown only where a service worker keeps them.
 */
export function KeepCourseOffline({ course, kept }: { course: Course; kept: ReadonlySet<string> }) {
  const queryClient = useQueryClient()
  const [keeping, setKeeping] = useState<{ done: number; total: number } | null>(null)
  const [error, setError] = useState('')
  const keepsHere = useWorkerKeeps()
  const open = course.lessons.filter((l) => !l.locked)
  if (course.locked || open.length === 0 || !keepsHere) return null
  const keptHere = open.filter((l) => kept.has(l.path)).length
  const missing = open.filter((l) => !kept.has(l.path))

  const keep = async () => {
    setError('')
    setKeeping({ done: 0, total: missing.length })
    try {
      for (const [index, lesson] of missing.entries()) {
        await keepLesson(lesson.path)
        setKeeping({ done: index + 1, total: missing.length })
      }
      await untilKept(missing.map((lesson) => lesson.path))
    } catch (failure) {
      setError(
        `Not every lesson could be kept: ${isApiError(failure) ? failure.message : 'Network Error'}`,
      )
    } finally {
      setKeeping(null)
      void queryClient.invalidateQueries({ queryKey: KEPT_LESSONS_KEY })
    }
  }

  return (
    <HStack gap="3" wrap="wrap">
      {missing.length ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void keep()}
          loading={keeping !== null}
          loadingText={keeping ? `Keeping ${keeping.done} of ${keeping.total}…` : undefined}
        >
          Keep this course offline
        </Button>
      ) : null}
      <Text fontSize="sm" color="fg.muted" role="status">
        {keptHere === open.length
          ? `All ${open.length} lessons you can open are readable offline on this device`
          : `${keptHere} of ${open.length} lessons readable offline on this device`}
      </Text>
      {error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
    </HStack>
  )
}

/**
 * Keeps the next lesson of a course ahead of the member, while they read this one: on a train
 * the next lesson is there when they get to it. Only a lesson they may already open.
 */
export function useKeepNextLesson(lesson: Lesson) {
  const next = lesson.next
  useEffect(() => {
    if (!next || next.locked || !workerKeeps()) return
    const timer = setTimeout(() => void keepLesson(next.path).catch(() => undefined), 2000)
    return () => clearTimeout(timer)
  }, [next])
}
