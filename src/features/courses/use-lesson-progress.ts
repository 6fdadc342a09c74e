import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { createStore, useStore, type StoreApi } from 'zustand'

import type { Lesson } from '@schemas/courses'
import { coursesApi } from '@/api/courses'
import { afterPaint } from '@/lib/next-task'
import { toast } from '@/lib/toast'
import { SAVED_OFFLINE } from '@/lib/write-queue'

import { keepProgressSave } from './lesson-query'

const SAVE_EVERY_MS = 5_000

/**
 * How far down `el` the bottom of the window is, 0–1; null when it has no box: the member left,
 * and React took the text out of the page before the effect that saves on leaving ran (the
 * shorter page scrolls, and that scroll read 0 would lose where they were).
 */
function readPosition(el: HTMLElement): number | null {
  if (!el.isConnected) return null
  const rect = el.getBoundingClientRect()
  if (rect.height <= 0) return null
  const seen = window.innerHeight - rect.top
  return Math.min(1, Math.max(0, seen / rect.height))
}

/** Where the member is in a lesson. */
export interface ProgressState {
  completed: boolean
  /** How far down the text the window's bottom is, 0–1. */
  position: number
  /** The lesson opened where the member left it. */
  resumed: boolean
}

/**
 * One of the progress state's figures, drawn by the part that shows it: a press of "Mark
 * complete", the save after it and reading on draw again only the parts that read the figure
 * that changed, not the screen around them.
 */
export function useProgress<T>(store: StoreApi<ProgressState>, pick: (s: ProgressState) => T) {
  return useStore(store, pick)
}

/**
 * The member's progress in a lesson: the position is saved while they read (every few seconds
 * and when they leave), the lesson completes when the end of the text (or of the video) is
 * reached, and "Mark complete" sets or undoes it. Opening an unfinished lesson scrolls back to
 * where they were. The state is a store of its own (read with useProgress); the functions
 * returned stay the same while the lesson is open.
 */
export function useLessonProgress(
  lesson: Lesson,
  articleRef: RefObject<HTMLElement | null>,
  endRef: RefObject<HTMLElement | null>,
) {
  const queryClient = useQueryClient()
  const tracked = lesson.kind === 'lesson'
  const [store] = useState(() =>
    createStore<ProgressState>(() => ({
      completed: lesson.progress.completedAt !== null,
      position: lesson.progress.position,
      resumed: false,
    })),
  )
  const saved = useRef({ position: lesson.progress.position, videoSeconds: -1, at: 0 })
  // Made offline, progress is kept on this device and sent when the connection returns, the
  // lesson's later saves joining the waiting one.
  const { mutateAsync } = coursesApi.progress.useOfflineMutation({
    meta: { errorToast: false },
    offline: {
      label: () => `Your progress in “${lesson.title}”`,
      merge: ({ query }) => `progress:${query?.path ?? lesson.path}`,
    },
  })
  // The last save asked for, settled or not.
  const lastSave = useRef<Promise<void>>(Promise.resolve())
  // Undone by the member: reaching the end of the text does not complete it again while the
  // lesson stays open (the end is often on screen right above the button they pressed).
  const undoneRef = useRef(false)
  const save = useCallback(
    (body: { position?: number; videoSeconds?: number; completed?: boolean }) => {
      if (!tracked) return
      // Sent once the frame the change made has been painted (starting a request takes a slow
      // phone's main thread a moment, which the member's press would otherwise wait for), and
      // after the saves before it: a lesson ticked and unticked in quick succession ends as the
      // member left it, on the server and in what waits for the connection.
      // Answered after the member left, the save still says how it went.
      const sent = lastSave.current
        .then(afterPaint)
        .then(() => mutateAsync({ query: { path: lesson.path }, body }))
      lastSave.current = sent.then(
        () => undefined,
        () => undefined,
      )
      keepProgressSave(lesson.path, sent)
      void sent.then(
        (answer) => {
          if (!answer && body.completed !== undefined) toast.info(SAVED_OFFLINE)
        },
        (error: Error) => {
          if (body.completed !== undefined) {
            store.setState({ completed: !body.completed })
            toast.error(`Your progress was not saved: ${error.message}`)
          }
        },
      )
    },
    [lesson.path, mutateAsync, store, tracked],
  )

  const setCompleted = useCallback(
    (value: boolean) => {
      undoneRef.current = !value
      store.setState({ completed: value })
      save({ completed: value, position: value ? 1 : store.getState().position })
      if (value) toast.success('Lesson completed')
      else toast.info('Marked as not done')
    },
    [save, store],
  )

  // Back to where the member was, once the text is laid out.
  useEffect(() => {
    const el = articleRef.current
    const at = lesson.progress.position
    if (!tracked || !el || store.getState().completed || at < 0.03 || at > 0.97) return
    // An address naming a heading (a search hit) opens there instead.
    if (window.location.hash) return
    // The app scrolls to the top on arriving (smoothly, once the route has resolved): go down
    // after it, and once more should that scroll have come later and undone this one.
    const resume = () => {
      const rect = el.getBoundingClientRect()
      const top = window.scrollY + rect.top + at * rect.height - window.innerHeight
      if (top > 0 && window.scrollY < top / 2) {
        window.scrollTo({ top, behavior: 'instant' })
        store.setState({ resumed: true })
      }
    }
    const timers = [setTimeout(resume, 150), setTimeout(resume, 800)]
    return () => timers.forEach(clearTimeout)
    // Only when a lesson opens, not when its progress changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.path])

  // The position while reading, saved every few seconds when it moved, and on leaving.
  useEffect(() => {
    const el = articleRef.current
    if (!tracked || !el) return
    let frame = 0
    let last = saved.current.position
    // The app scrolls to the top on arriving, and back down to resume: neither is reading.
    const settledAt = Date.now() + 1000
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const next = readPosition(el)
        if (next === null) return
        last = next
        if (Math.abs(store.getState().position - next) > 0.01) store.setState({ position: next })
        const now = Date.now()
        if (
          now > settledAt &&
          Math.abs(next - saved.current.position) > 0.02 &&
          now - saved.current.at > SAVE_EVERY_MS
        ) {
          saved.current = { ...saved.current, position: next, at: now }
          save({ position: next })
        }
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
      // Leaving: store the last position, then refresh the course list (and the resume card).
      if (Math.abs(last - saved.current.position) > 0.02) {
        const save = coursesApi.progress.call({
          query: { path: lesson.path },
          body: { position: last },
        })
        keepProgressSave(lesson.path, save)
        void save
          .then(() => queryClient.invalidateQueries({ queryKey: coursesApi.key }))
          .catch(() => {})
      }
    }
  }, [articleRef, lesson.path, queryClient, save, store, tracked])

  // Reaching the end of the text completes the lesson.
  useEffect(() => {
    const end = endRef.current
    if (!tracked || !end || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || store.getState().completed || undoneRef.current)
        return
      // A short lesson fits the window at once: only count it when the member has scrolled or stayed.
      const el = articleRef.current
      if (el && el.getBoundingClientRect().height > window.innerHeight && window.scrollY === 0)
        return
      store.setState({ completed: true, position: 1 })
      save({ completed: true, position: 1 })
      toast.success('Lesson completed')
    })
    observer.observe(end)
    return () => observer.disconnect()
  }, [articleRef, endRef, save, store, tracked])

  const onVideoTime = useCallback(
    (seconds: number) => {
      if (Math.abs(seconds - saved.current.videoSeconds) < 10) return
      saved.current = { ...saved.current, videoSeconds: seconds }
      save({ videoSeconds: seconds })
    },
    [save],
  )

  const onVideoEnded = useCallback(() => {
    if (!store.getState().completed) setCompleted(true)
  }, [setCompleted, store])

  return { store, setCompleted, onVideoTime, onVideoEnded }
}
