import {
  Badge,
  Box,
  Button,
  Flex,
  Grid,
  Heading,
  HStack,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, Navigate, useRouter } from '@tanstack/react-router'
import {
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import type { StoreApi } from 'zustand'

import type { Course, Lesson } from '@schemas/courses'
import { coursesApi } from '@/api/courses'
import { lockedPanelFor, LockPanel } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { Card, ErrorState, PageHeader, type Crumb } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import { linkTo, type AppPath } from '@/lib/named-pages'
import { storedRole } from '@/lib/session'
import { useQuery } from '@/lib/use-deferred-query'
import { useAppearance } from '@/stores/appearance'

import { useKeepNextLesson } from './keep-offline'
import { LessonBody } from './lesson-body'
import { lessonQuery } from './lesson-query'
import { OfferPanel } from './offer-panel'
import { useLessonProgress, useProgress, type ProgressState } from './use-lesson-progress'
import { VideoPlayer } from './video-player'

const LessonEditor = lazy(() => import('./lesson-editor'))

/**
 * One lesson, chapter, step, guide page or offer, read from the API after its locks; below it,
 * what `discussion` draws for it (the route gives the community's questions and answers).
 */
export function LessonScreen({
  path,
  discussion,
}: {
  path: string
  discussion?: (lesson: Lesson) => ReactNode
}) {
  const queryClient = useQueryClient()
  const lesson = useQuery({
    ...lessonQuery(path),
    // A refusal the route's prefetch already got (locked, not open yet) is not asked again.
    retryOnMount: false,
  })
  // Each visit reads the lesson afresh, with the position saved when the member last left it.
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: coursesApi.lesson.key({ query: { path } }) }),
    [path, queryClient],
  )

  if (lesson.isPending) return <LessonSkeleton />
  if (lesson.isError) {
    const error = lesson.error
    if (isApiError(error) && error.status === 404) return <Navigate to="/auth/404" replace />
    const locked = lockedPanelFor(error)
    if (locked) return locked
    if (isApiError(error) && error.status === 403) return <DripPanel message={error.message} />
    return (
      <ErrorState
        title="This lesson could not be loaded"
        message={error.message}
        onRetry={() => void lesson.refetch()}
        retrying={lesson.isFetching}
      />
    )
  }
  return <LessonView key={path} lesson={lesson.data.data} discussion={discussion} />
}

function LessonSkeleton() {
  return (
    <Stack gap="6" role="status" aria-busy="true" aria-label="Loading the lesson">
      <Stack gap="2">
        <Skeleton height="9" width="min(36rem, 90%)" />
        <Skeleton height="4" width="14rem" />
      </Stack>
      <Card>
        <SkeletonText noOfLines={12} gap="3" />
      </Card>
    </Stack>
  )
}

function DripPanel({ message }: { message: string }) {
  return (
    <LockPanel
      icon="calendar"
      title="Not open yet"
      message={message}
      testId="drip-panel"
      action={
        <Button asChild variant="outline">
          <Link to="/admin/dashboard">Back to the dashboard</Link>
        </Button>
      }
    />
  )
}

function crumbsOf(lesson: Lesson): Crumb[] {
  if (lesson.course) {
    return [
      { label: lesson.course.title, to: lesson.course.overview as Crumb['to'] },
      ...(lesson.module
        ? [{ label: `Module ${lesson.module.number}: ${lesson.module.title}` }]
        : []),
      { label: lesson.title },
    ]
  }
  if (lesson.kind === 'offer')
    return [{ label: 'Upgrade', to: '/admin/upgrade' }, { label: lesson.title }]
  return [{ label: 'Dashboard', to: '/admin/dashboard' }, { label: lesson.title }]
}

/**
 * An address with a heading's id (a search hit's `#part`) opens the lesson there, once the text
 * is laid out and after the app's own scroll to the top on arriving.
 */
function useOpenAtHeading(path: string) {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (!id) return
    const go = () => {
      const heading = document.getElementById(id)
      if (heading && Math.abs(heading.getBoundingClientRect().top) > 120) {
        heading.scrollIntoView?.({ block: 'start' })
      }
    }
    const timers = [setTimeout(go, 150), setTimeout(go, 800)]
    return () => timers.forEach(clearTimeout)
  }, [path])
}

interface ViewProps {
  lesson: Lesson
  discussion: ((lesson: Lesson) => ReactNode) | undefined
}

/**
 * The lesson and the member's progress in it. The progress's saves draw this again as they go
 * and answer, and each save fetches the lesson again: the page under it is drawn again only when
 * something it shows changed (see sameButProgress).
 */
function LessonView({ lesson, discussion }: ViewProps) {
  const articleRef = useRef<HTMLDivElement>(null)
  const endRef = useRef<HTMLDivElement>(null)
  const progress = useLessonProgress(lesson, articleRef, endRef)
  return (
    <LessonPage
      lesson={lesson}
      discussion={discussion}
      articleRef={articleRef}
      endRef={endRef}
      {...progress}
    />
  )
}

type PageProps = ViewProps &
  ReturnType<typeof useLessonProgress> & {
    articleRef: RefObject<HTMLDivElement | null>
    endRef: RefObject<HTMLDivElement | null>
  }

/**
 * The same page for a lesson fetched again whose only change is the member's progress, which
 * the page reads from the progress's own store once open. The answers keep every part that did
 * not change (the query's structural sharing), so a part compared by identity changed only if it
 * really did: the next lesson's lock, say, once this one is completed.
 */
function sameButProgress(a: PageProps, b: PageProps) {
  for (const key of Object.keys(a) as (keyof PageProps)[]) {
    if (key !== 'lesson' && a[key] !== b[key]) return false
  }
  const before = a.lesson as Record<string, unknown>
  const after = b.lesson as Record<string, unknown>
  const keys = Object.keys(after)
  return (
    keys.length === Object.keys(before).length &&
    keys.every((key) => key === 'progress' || before[key] === after[key])
  )
}

const LessonPage = memo(function LessonPage({
  lesson,
  discussion,
  articleRef,
  endRef,
  store,
  setCompleted,
  onVideoTime,
  onVideoEnded,
}: PageProps) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const dir = useAppearance((s) => s.activeDir)
  const [editing, setEditing] = useState(false)
  const isLesson = lesson.kind === 'lesson'
  useKeepNextLesson(lesson)
  useOpenAtHeading(lesson.path)

  // ← and → walk the course (mirrored in right-to-left), unless a field or a dialog has the keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      const target = event.target as HTMLElement | null
      if (
        target?.closest(
          'input, textarea, select, [contenteditable], [role="dialog"], video, iframe',
        )
      )
        return
      const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
      const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
      const to = event.key === forward ? lesson.next : event.key === back ? lesson.previous : null
      if (!to) return
      event.preventDefault()
      void router.navigate({ href: to.path })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [dir, lesson.next, lesson.previous, router])

  // Links inside the text are plain anchors: site paths move within the app without a reload.
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a')
    const href = anchor?.getAttribute('href')
    if (!href || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (href.startsWith('#')) {
      event.preventDefault()
      document.getElementById(href.slice(1))?.scrollIntoView?.({ behavior: 'smooth' })
    } else if (href.startsWith('/')) {
      event.preventDefault()
      void router.navigate({ href })
    }
  }

  const showToc = lesson.headings.length >= 3
  const isAdmin = storedRole() === 'admin'

  const header = (
    <PageHeader
      title={lesson.title}
      crumbs={crumbsOf(lesson)}
      actions={
        isAdmin ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-print-hide>
            <AppIcon name="edit" size="16px" /> Edit
          </Button>
        ) : undefined
      }
    />
  )
  const text = (
    <>
      {lesson.video ? (
        <VideoPlayer
          video={lesson.video}
          title={lesson.title}
          startAt={lesson.progress.videoSeconds}
          onTime={onVideoTime}
          onEnded={onVideoEnded}
        />
      ) : null}
      {lesson.offer ? <OfferPanel offer={lesson.offer} title={lesson.title} /> : null}
      {showToc ? <Toc lesson={lesson} variant="inline" /> : null}
      <Card>
        <Box ref={articleRef} onClick={onBodyClick}>
          <LessonBody html={lesson.html} />
        </Box>
        <Box ref={endRef} aria-hidden h="1px" />
      </Card>
    </>
  )
  const neighbours = (
    <HStack gap="2" wrap="wrap">
      {lesson.previous ? <NeighbourLink to={lesson.previous} rel="prev" /> : null}
      {lesson.next ? <NeighbourLink to={lesson.next} rel="next" /> : null}
    </HStack>
  )
  const after = (
    <>
      {isLesson && (lesson.previous || lesson.next) ? (
        <Text fontSize="xs" color="fg.muted" hideBelow="md" data-print-hide>
          Tip: the ← and → keys move to the previous and next lesson.
        </Text>
      ) : null}
      {discussion?.(lesson)}
    </>
  )
  const side = showToc ? (
    <Box hideBelow="lg" position="sticky" top="90px" data-print-hide>
      <Toc lesson={lesson} variant="side" />
    </Box>
  ) : null

  return (
    <Stack gap="6">
      {header}
      <Flex gap="3" wrap="wrap" align="center" color="fg.muted" fontSize="sm" mt="-4">
        <Text dir="auto">{lesson.readingMinutes} min read</Text>
        {isLesson ? <ReadSoFar store={store} /> : null}
        {lesson.editedAt ? (
          <Text>Updated {new Date(lesson.editedAt).toLocaleDateString()}</Text>
        ) : null}
      </Flex>
      <ResumedNote store={store} />

      <Grid
        templateColumns={{ base: '1fr', lg: showToc ? 'minmax(0, 1fr) 16rem' : '1fr' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="6" minW="0">
          {text}
          {isLesson ? (
            <Flex gap="3" align="center" justify="space-between" wrap="wrap" data-print-hide>
              <CompleteButton store={store} setCompleted={setCompleted} />
              {neighbours}
            </Flex>
          ) : null}
          {isLesson ? <CourseFinished lesson={lesson} store={store} /> : null}
          {after}
        </Stack>
        {side}
      </Grid>
      {editing ? (
        <Suspense fallback={null}>
          <LessonEditor
            path={lesson.path}
            onClose={() => setEditing(false)}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: coursesApi.key })}
          />
        </Suspense>
      ) : null}
    </Stack>
  )
}, sameButProgress)

type Store = StoreApi<ProgressState>

/**
 * How far the member has read, or that the lesson is completed: drawn after the press of "Mark
 * complete" has painted its own change (it is at the top of the lesson, the button at its end).
 */
function ReadSoFar({ store }: { store: Store }) {
  const completed = useDeferredValue(useProgress(store, (s) => s.completed))
  const percent = useProgress(store, (s) => Math.round(s.position * 100))
  return completed ? (
    <Badge colorPalette="green" variant="subtle">
      <AppIcon name="check" size="14px" /> Completed
    </Badge>
  ) : (
    <Text>{percent}% read</Text>
  )
}

/** Said once the lesson has opened where the member left it. */
function ResumedNote({ store }: { store: Store }) {
  const resumed = useProgress(store, (s) => s.resumed)
  if (!resumed) return null
  return (
    <Flex
      role="status"
      gap="3"
      align="center"
      wrap="wrap"
      bg="primary.subtle"
      color="primary.fg"
      px="4"
      py="2"
      borderRadius="l2"
      data-print-hide
    >
      <Text flex="1">Picked up where you left off.</Text>
      <Button
        size="xs"
        variant="outline"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        Back to the top
      </Button>
    </Flex>
  )
}

function CompleteButton({
  store,
  setCompleted,
}: {
  store: Store
  setCompleted: (value: boolean) => void
}) {
  const completed = useProgress(store, (s) => s.completed)
  // Both states are drawn once, with the lesson, and a press shows the other: drawing the new
  // state's parts in the task of the press kept a low-end phone's answer past 200 ms. The same
  // elements each time, React leaves them as they are, and only the two wrappers change.
  const [done, toDo] = useMemo(
    () => [
      <HStack key="done" gap="3" wrap="wrap">
        <HStack gap="1.5" color="fg.success" fontWeight="medium" role="status">
          <AppIcon name="check" size="18px" />
          <Text>You completed this lesson</Text>
        </HStack>
        <Button size="xs" variant="ghost" onClick={() => setCompleted(false)}>
          Mark as not done
        </Button>
      </HStack>,
      <Button key="to-do" colorPalette="primary" onClick={() => setCompleted(true)}>
        <AppIcon name="check" size="18px" />
        Mark complete
      </Button>,
    ],
    [setCompleted],
  )
  // Where "Mark complete" was, a state and not a button: a second press meant for "Mark
  // complete" (or the lesson completing under the pointer) undoes nothing. The state hidden is
  // out of the page's layout and of what assistive technology reads.
  return (
    <>
      <div style={completed ? SHOWN : HIDDEN}>{done}</div>
      <div style={completed ? HIDDEN : SHOWN}>{toDo}</div>
    </>
  )
}

/** A wrapper that is not a box of its own: its content lays out as its parent's. */
const SHOWN = { display: 'contents' } as const
const HIDDEN = { display: 'none' } as const

/** Once the lesson is completed and with it the whole course: the course's finish. */
function CourseFinished({ lesson, store }: { lesson: Lesson; store: Store }) {
  // After the press that completes the lesson has painted.
  const completed = useDeferredValue(useProgress(store, (s) => s.completed))
  const courses = useQuery(coursesApi.list.queryOptions())
  const course = courses.data?.data.courses.find((c) => c.key === lesson.course?.key)
  if (
    !completed ||
    course === undefined ||
    course.completion.total === 0 ||
    course.completion.completed !== course.completion.total
  )
    return null
  return <CourseDone course={course} />
}

/** The moment a course is done: every lesson completed, and the certificate waiting. */
function CourseDone({ course }: { course: Course }) {
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="green.muted"
      bg="green.subtle"
      borderRadius="l2"
      p="4"
      data-print-hide
    >
      <Stack gap="2" align="start">
        <Heading as="h2" size="md">
          You finished {course.title}
        </Heading>
        <Text>
          All {course.completion.total} lessons are completed. Your certificate of completion is
          ready on the course page: download it, or share the link that lets anyone check it.
        </Text>
        <Button asChild colorPalette="green" size="sm">
          <Link {...linkTo(course.overview as AppPath)}>Get your certificate</Link>
        </Button>
      </Stack>
    </Box>
  )
}

function NeighbourLink({ to, rel }: { to: NonNullable<Lesson['next']>; rel: 'prev' | 'next' }) {
  const router = useRouter()
  const label = rel === 'prev' ? 'Previous' : 'Next'
  // The arrow points the way the page is read.
  const arrow = (
    <AppIcon
      name={rel === 'prev' ? 'chevronLeft' : 'chevronRight'}
      size="18px"
      css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
    />
  )
  return (
    <Button
      asChild
      variant={rel === 'next' ? 'solid' : 'outline'}
      colorPalette="primary"
      maxW="full"
    >
      <a
        href={to.path}
        rel={rel}
        aria-label={`${label}: ${to.title}${to.locked ? ' (locked)' : ''}`}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return
          event.preventDefault()
          void router.navigate({ href: to.path })
        }}
      >
        {rel === 'prev' ? arrow : null}
        <Text as="span" truncate maxW={{ base: '10rem', md: '16rem' }}>
          {label}: {to.title}
        </Text>
        {to.locked ? <AppIcon name="lock" size="16px" /> : null}
        {rel === 'next' ? arrow : null}
      </a>
    </Button>
  )
}

/** The lesson's headings, linked; memoised, as the screen redraws when it is ticked complete. */
const Toc = memo(function Toc({ lesson, variant }: { lesson: Lesson; variant: 'inline' | 'side' }) {
  const list = (
    <Stack as="ol" gap="1.5" listStyleType="none" ps="0" m="0" fontSize="sm">
      {lesson.headings.map((h) => (
        <li key={h.id}>
          <Link
            to="."
            hash={h.id}
            onClick={(event) => {
              event.preventDefault()
              document.getElementById(h.id)?.scrollIntoView?.({ behavior: 'smooth' })
            }}
          >
            {h.text}
          </Link>
        </li>
      ))}
    </Stack>
  )
  if (variant === 'side') {
    return (
      <Box
        as="nav"
        aria-label="On this page"
        bg="bg.panel"
        p="4"
        borderRadius="l2"
        boxShadow="card"
      >
        <Text fontWeight="semibold" mb="2">
          On this page
        </Text>
        {list}
      </Box>
    )
  }
  return (
    <Box
      as="details"
      hideFrom="lg"
      bg="bg.panel"
      p="4"
      borderRadius="l2"
      boxShadow="card"
      data-print-hide
    >
      <Box as="summary" cursor="pointer" fontWeight="semibold">
        On this page ({lesson.headings.length} sections)
      </Box>
      <Box as="nav" aria-label="On this page" mt="3">
        {list}
      </Box>
    </Box>
  )
})
