import { Badge, Box, Button, chakra, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import type { Course, LessonItem } from '@schemas/courses'
import { coursesApi } from '@/api/courses'
import { UpgradePanel } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { Card, ErrorState, PageHeader } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { KEPT_LESSONS_KEY, keptLessonPaths } from '@/lib/offline-caches'
import { useQuery } from '@/lib/use-deferred-query'

import { CertificatePanel } from './certificate-panel'
import { CompletionBar } from './completion'
import { KeepCourseOffline } from './keep-offline'

const dateText = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }))

/** The overview of one or more courses: completion per course and module, and every lesson. */
export function CourseOverview({
  title,
  keys,
  intro,
}: {
  title: string
  keys: string[]
  intro: string
}) {
  const list = useQuery(coursesApi.list.queryOptions())
  // Which lessons this browser keeps for reading without a connection.
  const kept = useQuery({
    queryKey: KEPT_LESSONS_KEY,
    queryFn: keptLessonPaths,
    staleTime: 0,
  })
  const shown = list.data?.data.courses.filter((c) => keys.includes(c.key)) ?? []

  return (
    <Stack gap="6">
      <PageHeader
        title={title}
        crumbs={[{ label: 'Dashboard', to: '/admin/dashboard' }, { label: title }]}
      />
      <Text color="fg.muted" maxW="72ch" mt="-4">
        {intro}
      </Text>
      {list.isPending ? (
        <Stack gap="6" role="status" aria-busy="true" aria-label="Loading the courses">
          {keys.map((k) => (
            <Skeleton key={k} height="72" borderRadius="l2" />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState
          title="The courses could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        shown.map((course) => (
          <CourseCard
            key={course.key}
            course={course}
            single={keys.length === 1}
            kept={kept.data ?? NONE_KEPT}
          />
        ))
      )}
    </Stack>
  )
}

const NONE_KEPT: ReadonlySet<string> = new Set()

function CourseCard({
  course,
  single,
  kept,
}: {
  course: Course
  single: boolean
  kept: ReadonlySet<string>
}) {
  const next =
    course.lessons.find((l) => !l.completed && !l.locked) ?? course.lessons.find((l) => !l.locked)
  const started = course.completion.completed > 0
  const modules =
    course.modules.length > 0
      ? course.modules.map((m) => ({
          ...m,
          lessons: course.lessons.filter((l) => l.module === m.number),
        }))
      : [
          {
            number: 0,
            title: '',
            completion: course.completion,
            check: null,
            lessons: course.lessons,
          },
        ]

  return (
    <Card data-testid={`course-${course.key}`}>
      <Stack gap="5">
        <Flex
          gap="4"
          justify="space-between"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1" minW="0">
            <Heading as="h2" size={single ? 'lg' : 'xl'}>
              {course.title}
            </Heading>
            <Text color="fg.muted">{course.summary}</Text>
          </Stack>
          {next && !course.locked ? (
            <Button asChild colorPalette="primary" flexShrink={0}>
              <Link to={next.path as '/admin/dashboard'}>
                {course.completion.completed === course.completion.total
                  ? 'Read again'
                  : started
                    ? 'Continue'
                    : 'Start'}
              </Link>
            </Button>
          ) : null}
        </Flex>
        <CompletionBar completion={course.completion} label={`${course.title}: completed`} />
        <KeepCourseOffline course={course} kept={kept} />
        <CertificatePanel course={course} />
        {course.locked ? <UpgradePanel area={course.area} /> : null}
        {modules.map((m) => (
          <Stack
            key={m.number}
            gap="2"
            as="section"
            aria-labelledby={`module-${course.key}-${m.number}`}
          >
            {m.title ? (
              <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
                <Heading as="h3" size="md" id={`module-${course.key}-${m.number}`}>
                  Module {m.number}: {m.title}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {m.completion.completed} of {m.completion.total} done
                </Text>
              </Flex>
            ) : null}
            <Stack
              as="ol"
              gap="0"
              listStyleType="none"
              ps="0"
              m="0"
              borderWidth="1px"
              borderColor="border"
              borderRadius="l2"
            >
              {m.lessons.map((lesson, i) => (
                <LessonRow
                  key={lesson.path}
                  lesson={lesson}
                  first={i === 0}
                  offline={kept.has(lesson.path)}
                />
              ))}
              {m.check && !course.locked ? <CheckRow check={m.check} /> : null}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Card>
  )
}

type ModuleCheck = NonNullable<Course['modules'][number]['check']>

/** A module's knowledge check, after its lessons: how the member did in it. */
function CheckRow({ check }: { check: ModuleCheck }) {
  const status = check.passed
    ? `Passed, best ${check.best} %`
    : check.best !== null
      ? `Best ${check.best} %, not passed yet`
      : 'Not taken yet'
  return (
    <OverviewRow
      to={check.path}
      first={false}
      done={check.passed}
      mark={<AppIcon name={check.passed ? 'check' : 'checklist'} size="16px" />}
    >
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="medium">Knowledge check</Text>
        <Text fontSize="sm" color="fg.muted">
          {check.questions} questions · {status}
        </Text>
      </Stack>
      {check.passed ? (
        <Badge size="sm" colorPalette="green" flexShrink={0} aria-hidden>
          Passed
        </Badge>
      ) : null}
    </OverviewRow>
  )
}

/** A row of a module's list, a link: a round mark (green once done) and what it says. */
function OverviewRow({
  to,
  first,
  done,
  mark,
  children,
}: {
  to: string
  first: boolean
  done: boolean
  mark: ReactNode
  children: ReactNode
}) {
  return (
    <Box as="li" borderTopWidth={first ? '0' : '1px'} borderColor="border">
      <Link to={to as '/admin/dashboard'} style={{ display: 'block' }}>
        <Flex gap="3" px="4" py="3" align="center" _hover={{ bg: 'bg.muted' }}>
          <Flex
            boxSize="8"
            flexShrink={0}
            borderRadius="full"
            align="center"
            justify="center"
            fontSize="sm"
            fontWeight="semibold"
            bg={done ? 'green.solid' : 'bg.muted'}
            color={done ? 'green.contrast' : 'fg.muted'}
            aria-hidden
          >
            {mark}
          </Flex>
          {children}
        </Flex>
      </Link>
    </Box>
  )
}

function LessonRow({
  lesson,
  first,
  offline,
}: {
  lesson: LessonItem
  first: boolean
  /** Kept by this browser for reading without a connection. */
  offline: boolean
}) {
  const status = lesson.completed ? 'Completed' : lesson.locked ? 'Locked' : 'Not started'
  return (
    <OverviewRow
      to={lesson.path}
      first={first}
      done={lesson.completed}
      mark={
        lesson.completed ? (
          <AppIcon name="check" size="16px" />
        ) : lesson.locked ? (
          <AppIcon name="lock" size="16px" />
        ) : (
          lesson.order
        )
      }
    >
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="medium">
          {lesson.title}{' '}
          <chakra.span srOnly>
            ({status}
            {lesson.opensAt ? `, opens ${dateText.format(new Date(lesson.opensAt))}` : ''}
            {offline ? ', readable offline' : ''})
          </chakra.span>
        </Text>
        {offline ? (
          <Badge size="sm" colorPalette="green" alignSelf="flex-start" aria-hidden>
            Readable offline
          </Badge>
        ) : null}
        <Text fontSize="sm" color="fg.muted" lineClamp={2}>
          {lesson.summary}
        </Text>
      </Stack>
      <Stack gap="1" align="end" flexShrink={0} hideBelow="sm">
        <Text fontSize="xs" color="fg.muted">
          {lesson.readingMinutes} min
        </Text>
        {lesson.hasVideo ? <Badge size="sm">Video</Badge> : null}
        {lesson.opensAt ? (
          <Badge size="sm" colorPalette="orange">
            Opens {dateText.format(new Date(lesson.opensAt))}
          </Badge>
        ) : null}
      </Stack>
    </OverviewRow>
  )
}
