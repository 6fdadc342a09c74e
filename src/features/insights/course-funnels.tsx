import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'

import type { CourseInsight, LessonFunnel } from '@schemas/insights'
import { insightsApi } from '@/api/insights'
import { DataTable, type Column } from '@/components/list-kit'
import { guardQuery } from '@/components/query-guard'
import { Card, EmptyState, PanelSkeleton } from '@/components/ui'

import { days, exportTable, percent } from './export'

/** A share of `of` as a bar behind the figure, so the funnel reads at a glance. */
function Bar({ value, of, label }: { value: number; of: number; label: string }) {
  const share = of > 0 ? value / of : 0
  return (
    <HStack gap="2" minW="32">
      <Box flex="1" h="2" bg="bg.muted" rounded="full" aria-hidden>
        <Box h="full" w={`${Math.round(share * 100)}%`} bg="primary.solid" rounded="full" />
      </Box>
      <Text fontVariantNumeric="tabular-nums" minW="10" textAlign="end" aria-label={label}>
        {value}
      </Text>
    </HStack>
  )
}

const LEAST_READ = 3

/** The lessons whose readers get least far down them (not to their end), for the summary. */
const leastRead = (lessons: LessonFunnel[]) =>
  lessons
    .filter((l) => l.averagePosition !== null && l.averagePosition < 1 && l.reached > 0)
    .sort((a, b) => a.averagePosition! - b.averagePosition!)
    .slice(0, LEAST_READ)

function exportCourse(course: CourseInsight) {
  exportTable(
    `insights-${course.key}.csv`,
    ['Lesson', 'Module', 'Reading minutes', 'Reached', 'Completed', 'Average position read'],
    course.lessons.map((l) => [
      l.title,
      l.module,
      l.readingMinutes,
      l.reached,
      l.completed,
      l.averagePosition === null ? null : Math.round(l.averagePosition * 100) / 100,
    ]),
  )
}

function CourseFunnel({ course }: { course: CourseInsight }) {
  const columns: Column<LessonFunnel>[] = [
    {
      key: 'lesson',
      header: 'Lesson',
      cell: (l) => (
        <Stack gap="0">
          <Text fontWeight="medium">{l.title}</Text>
          <Text fontSize="xs" color="fg.muted">
            {l.module === null ? '' : `Module ${l.module} · `}
            <bdi>{l.readingMinutes} min</bdi>
          </Text>
        </Stack>
      ),
    },
    {
      key: 'reached',
      header: 'Reached',
      cell: (l) => (
        <Bar value={l.reached} of={course.started} label={`${l.reached} reached ${l.title}`} />
      ),
    },
    {
      key: 'completed',
      header: 'Completed',
      cell: (l) => (
        <Bar
          value={l.completed}
          of={course.started}
          label={`${l.completed} completed ${l.title}`}
        />
      ),
    },
    {
      key: 'read',
      header: 'Read on average',
      cell: (l) => percent(l.averagePosition),
      cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      headerProps: { textAlign: 'end' },
    },
  ]
  const least = leastRead(course.lessons)
  if (course.started === 0) {
    return (
      <Card title={course.title}>
        <Text color="fg.muted">
          No member has started this course yet: its funnel fills in as they open its lessons.
        </Text>
      </Card>
    )
  }
  return (
    <Card
      title={course.title}
      action={
        <Button size="xs" variant="outline" onClick={() => exportCourse(course)}>
          Export CSV
        </Button>
      }
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="dl">
          <Figure label="Started" value={String(course.started)} />
          <Figure label="Completed the course" value={String(course.completed)} />
          <Figure label="Median time to complete" value={days(course.medianDaysToComplete)} />
          <Figure
            label="Most stop at"
            value={
              course.mostStopAt
                ? `${course.mostStopAt.title} (${course.mostStopAt.members})`
                : 'No one has stopped'
            }
          />
        </SimpleGrid>
        {least.length ? (
          <HStack gap="2" wrap="wrap" fontSize="sm">
            <Text color="fg.muted" dir="auto">
              Read least far:
            </Text>
            {least.map((l) => (
              <Badge
                key={l.path}
                colorPalette="orange"
                variant="subtle"
                whiteSpace="normal"
                overflowWrap="anywhere"
              >
                <bdi>
                  {l.title} · {percent(l.averagePosition)}
                </bdi>
              </Badge>
            ))}
          </HStack>
        ) : null}
        <DataTable
          label={`${course.title}: lessons`}
          columns={columns}
          rows={course.lessons}
          rowKey={(l) => l.path}
          framed={false}
        />
      </Stack>
    </Card>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0" minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" fontSize="lg" lineClamp={2} dir="auto">
        {value}
      </Text>
    </Stack>
  )
}

/** Every course's funnel: who started, reached and completed each lesson, and how far they read. */
export function CourseFunnels() {
  const query = insightsApi.courses.useQuery()
  const shown = guardQuery(query, {
    loading: <PanelSkeleton label="Loading the course insight" />,
    errorTitle: 'The course insight could not be loaded',
  })
  if (!shown.ready) return shown.view
  const { courses, members } = shown.data.data
  if (!courses.some((c) => c.started > 0)) {
    return (
      <EmptyState
        title="No member has started a course yet"
        description="Each course's funnel fills in as members open and complete its lessons."
      />
    )
  }
  return (
    <Stack gap="6">
      <Text color="fg.muted">
        Out of {members} {members === 1 ? 'member' : 'members'}. A lesson counts as reached once
        opened; “read on average” is how far down its readers got.
      </Text>
      {courses.map((course) => (
        <CourseFunnel key={course.key} course={course} />
      ))}
    </Stack>
  )
}
